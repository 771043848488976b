/**
 * Cluster tuning (Chung and Hollingsworth 2004): a cluster's nodes in tiers and work lines ({@link
 * io.tunescope.tune.cluster.ClusterLayout}, changed by a {@link io.tunescope.tune.cluster.Move}), what can measure
 * them ({@link io.tunescope.tune.cluster.ClusterBench}: the shop's stack or the simulator of {@code
 * tune.cluster.sim}), and the tuning modes that group their knobs ({@link io.tunescope.tune.cluster.TuningMode}).
 * The line tuners of {@code partitioning: processes} are in {@code tune.cluster.lines}; moving nodes between tiers
 * online is not tuning and lives in {@code tune.reconfigure}.
 */
package io.tunescope.tune.cluster;
