package io.tunescope.workload.micro;

import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * The end of a warm-up: it lasts at least the requested time and goes on, window by window, while this JVM's JIT
 * compiler threads are still busy (more than 2% of a window on a CPU), up to ten times the requested time. In a fresh
 * JVM with more users than CPUs the compiler threads get only their share of the CPUs and can still be compiling the
 * engine's code after a short warm-up; a point measured then is far slower than the same point measured later in the
 * same JVM (docs/benchmarks.md, "a starved JIT").
 */
final class JitSettle {
    static final long WINDOW_MILLIS = 250;
    static final double QUIET_COMPILER_SHARE = 0.02;
    static final int MAX_FACTOR = 10;

    private JitSettle() {
    }

    /** What a warm-up took and whether the JIT went quiet within it. */
    record Warmup(long millis, boolean jitQuiet) {
    }

    /** Sleeps through the warm-up, reporting its requested part to {@code progressMillis}. */
    static Warmup warmUp(long requestedMillis, LongConsumer progressMillis, Sleeper sleeper)
            throws InterruptedException {
        return warmUp(requestedMillis, progressMillis, sleeper, CompilerCpu::nanos);
    }

    /** As above, with the compiler's CPU nanoseconds from {@code compilerNanos} (negative: unknown). */
    static Warmup warmUp(long requestedMillis, LongConsumer progressMillis, Sleeper sleeper,
                         LongSupplier compilerNanos) throws InterruptedException {
        if (requestedMillis == 0 || compilerNanos.getAsLong() < 0) {
            sleeper.sleep(requestedMillis, progressMillis);
            return new Warmup(requestedMillis, true);
        }
        long window = Math.min(WINDOW_MILLIS, requestedMillis);
        sleeper.sleep(requestedMillis - window, progressMillis);
        long waited = requestedMillis - window;
        long limit = requestedMillis * MAX_FACTOR;
        while (true) {
            long before = compilerNanos.getAsLong();
            sleeper.sleep(window, waited < requestedMillis ? progressMillis : ignored -> { });
            waited += window;
            boolean quiet = compilerNanos.getAsLong() - before <= window * 1e6 * QUIET_COMPILER_SHARE;
            if (quiet || waited >= limit) {
                return new Warmup(waited, quiet);
            }
        }
    }

    /** Sleeps, reporting elapsed milliseconds; {@link ClosedLoop} passes its progress-reporting sleep. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(long millis, LongConsumer progressMillis) throws InterruptedException;
    }
}
