/**
 * Online node reconfiguration, which is not tuning: nodes move between tiers of a running cluster ({@link
 * io.tunescope.tune.reconfigure.ReconfigurableCluster}); the rule that picks a move ({@link
 * io.tunescope.tune.reconfigure.ReconfigurationRule}), the loop that applies it ({@link
 * io.tunescope.tune.reconfigure.OnlineReconfiguration}) and the shop's stack as such a cluster ({@link
 * io.tunescope.tune.reconfigure.ShopCluster}, run by {@code shop reconfigure}: {@link
 * io.tunescope.tune.reconfigure.ShopReconfiguration}).
 */
package io.tunescope.tune.reconfigure;
