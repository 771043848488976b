/**
 * The queueing simulator of a cluster: {@link io.tunescope.tune.cluster.sim.SimulatedCluster} (a {@code
 * ClusterBench}), its closed queueing network solved by mean value analysis ({@link
 * io.tunescope.tune.cluster.sim.ClusterModel}), the demands calibrated from a monitored shop run ({@link
 * io.tunescope.store.SimCalibration}), and the simulated cluster whose nodes move between tiers ({@link
 * io.tunescope.tune.cluster.sim.SimulatedOnline}, a {@code ReconfigurableCluster}).
 */
package io.tunescope.tune.cluster.sim;
