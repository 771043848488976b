package io.tunescope.tune.command;

import io.tunescope.Progress;
import io.tunescope.store.BestSoFar;
import io.tunescope.store.TargetDescription;
import io.tunescope.store.WorkloadsSummary;
import io.tunescope.tune.target.TuningTarget;

import java.nio.file.Path;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What {@link WorkloadsTuner} needs of one kind of workloads (a database's TPC-H workloads, the shop's mixes): the
 * engine, target description and objective the summary shows, the runs of each matrix cell, each workload's target
 * for the matrix, its own session, and its entry in the summary.
 */
record WorkloadKind(String engine, TargetDescription target, String objective, int revalidateRuns,
                    Function<TuningFile.Workload, TuningTarget> targets, Session session,
                    BiFunction<TuningFile.Workload, BestSoFar, WorkloadsSummary.Workload> describe) {

    /** One workload's session, in its own directory and without its own re-validation (the matrix does that). */
    @FunctionalInterface
    interface Session {
        CommandTuner.Result run(TuningFile.Workload w, TuningTarget target, Path dir, boolean resume,
                                Progress progress) throws InterruptedException;
    }
}
