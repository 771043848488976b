package io.tunescope.workload.file;

import io.tunescope.workload.pgbench.Distributions;
import io.tunescope.workload.pgbench.EvalException;

import java.sql.SQLException;

/**
 * How one parameter of a transaction gets its value for each run of it. The integer draws follow pgbench's random
 * functions over {@code [min, max]} inclusive; the ranges and shapes were checked when the file was read, so a draw
 * cannot fail on them.
 */
public sealed interface ParameterSpec {
    /** The value for one run of the transaction, drawn from this user's {@code draws}. */
    Object draw(UserDraws draws) throws SQLException;

    /** Every integer of the range equally likely. */
    record Uniform(long min, long max) implements ParameterSpec {
        @Override
        public Object draw(UserDraws draws) {
            return unchecked(() -> Distributions.uniform(draws.random(), min, max));
        }
    }

    /** Value {@code k} drawn {@code ((k+1)/k)^s} times as often as {@code k+1} (pgbench's random_zipfian). */
    record Zipfian(long min, long max, double s) implements ParameterSpec {
        @Override
        public Object draw(UserDraws draws) {
            return unchecked(() -> Distributions.zipfian(draws.random(), min, max, s));
        }
    }

    /** Centred on the middle of the range, {@code p} standard deviations to each end (pgbench's random_gaussian). */
    record Gaussian(long min, long max, double p) implements ParameterSpec {
        @Override
        public Object draw(UserDraws draws) {
            return unchecked(() -> Distributions.gaussian(draws.random(), min, max, p));
        }
    }

    /** {@code start}, {@code start + step}, ...: one sequence shared by a tenant's users, so no value repeats. */
    record Sequence(long start, long step) implements ParameterSpec {
        @Override
        public Object draw(UserDraws draws) {
            return draws.nextInSequence(this);
        }
    }

    /** A value drawn uniformly from the first column of at most {@code rows} rows of {@code query}, read once. */
    record Sample(String query, int rows) implements ParameterSpec {
        @Override
        public Object draw(UserDraws draws) throws SQLException {
            return draws.fromSample(this);
        }
    }

    /** Column {@code column} of a row of a CSV file; a transaction's parameters from one file share its row. */
    record CsvColumn(String file, int column) implements ParameterSpec {
        @Override
        public Object draw(UserDraws draws) {
            return draws.csvRow(file)[column];
        }
    }

    /** A draw whose arguments the reader checked. */
    private static long unchecked(Draw draw) {
        try {
            return draw.get();
        } catch (EvalException e) {
            throw new IllegalStateException("a checked range failed to draw: " + e.getMessage(), e);
        }
    }

    @FunctionalInterface
    interface Draw {
        long get() throws EvalException;
    }
}
