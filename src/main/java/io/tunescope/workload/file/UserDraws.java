package io.tunescope.workload.file;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One user's source of parameter values: its own seeded stream, the tenant's shared sequences and samples, and the
 * CSV row each file gives to the current run of a transaction (all its parameters from one file read one row).
 */
public final class UserDraws {
    private final FileWorkload workload;
    private final SplittableRandom random;
    private final Map<String, String[]> rowsOfThisRun = new HashMap<>();

    UserDraws(FileWorkload workload, SplittableRandom random) {
        this.workload = workload;
        this.random = random;
    }

    SplittableRandom random() {
        return random;
    }

    /** A new run of a transaction: its CSV parameters read fresh rows. */
    void newRun() {
        rowsOfThisRun.clear();
    }

    long nextInSequence(ParameterSpec.Sequence spec) {
        return workload.nextInSequence(spec);
    }

    Object fromSample(ParameterSpec.Sample spec) {
        Object[] values = workload.sampled(spec);
        return values[random.nextInt(values.length)];
    }

    String[] csvRow(String file) {
        return rowsOfThisRun.computeIfAbsent(file, f -> workload.row(f, random));
    }
}
