/**
 * Cluster tuning (Chung and Hollingsworth 2004): a cluster's nodes in tiers and work lines ({@link
 * io.tunescope.tune.cluster.ClusterLayout}), what can measure them ({@link io.tunescope.tune.cluster.ClusterBench}:
 * the shop's stack or a simulated cluster), the tuning modes that group their knobs ({@link
 * io.tunescope.tune.cluster.TuningMode}), and the online move of nodes between tiers ({@link
 * io.tunescope.tune.cluster.ReconfigurableCluster}, {@link io.tunescope.tune.cluster.Move}): the rule that picks a
 * move ({@link io.tunescope.tune.cluster.ReconfigurationRule}), the loop that applies it to a running cluster ({@link
 * io.tunescope.tune.cluster.OnlineReconfiguration}) and the shop's stack as such a cluster ({@link
 * io.tunescope.tune.cluster.ShopCluster}, run by {@code shop reconfigure}: {@link
 * io.tunescope.tune.cluster.ShopReconfiguration}).
 */
package io.tunescope.tune.cluster;
