/**
 * The partitioning mode with one tuner process per work line ({@code partitioning: processes}): the processes on
 * one PostgreSQL study store ({@link io.tunescope.tune.cluster.lines.LineTuners}), the controller's rounds ({@link
 * io.tunescope.tune.cluster.lines.ProcessPartitioning}) and each line process's target ({@link
 * io.tunescope.tune.cluster.lines.ClusterLineTarget}).
 */
package io.tunescope.tune.cluster.lines;
