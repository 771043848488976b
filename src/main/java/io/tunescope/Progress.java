package io.tunescope;

/**
 * Where a long task says how far it has come. The command line renders tasks as bars on stderr; tests and library
 * callers pass {@link #NONE}. Layers below the command line only report, so none of them writes to the terminal.
 */
@FunctionalInterface
public interface Progress {
    Progress NONE = (label, total, unit) -> Task.NONE;

    /** Starts a task of {@code total} units (named by {@code unit}, e.g. "rows"); close it when it ends. */
    Task start(String label, long total, String unit);

    /** One started task; {@link #step} may be called from several threads. */
    interface Task extends AutoCloseable {
        Task NONE = new Task() {
            @Override
            public void step(long units) {
            }

            @Override
            public void done() {
            }
        };

        /** {@code units} more are done. */
        void step(long units);

        /** A short line shown beside the bar (such as the rate and latency of the last second); null clears it. */
        default void note(String text) {
        }

        /** The task ended, finished or cut short. */
        void done();

        @Override
        default void close() {
            done();
        }
    }
}
