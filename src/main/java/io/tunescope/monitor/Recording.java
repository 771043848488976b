package io.tunescope.monitor;

import io.tunescope.monitor.store.RawSampleFile;
import io.tunescope.monitor.store.SampleVisitor;

import java.time.Duration;
import java.util.List;

/**
 * What a {@link ThreadMonitor} saw: the threads, the system-wide series, the raw samples (in a compact file), and
 * how well the schedule was kept. Close it to release the raw file (a temporary one is deleted).
 */
public final class Recording implements AutoCloseable {
    private final Duration interval;
    private final int countersEveryTicks;
    private final long startNanos;
    private final long endNanos;
    private final long ticks;
    private final long missedTicks;
    private final long lateTicks;
    private final long selfCpuNanos;
    private final List<ThreadInfo> threads;
    private final SystemSeries system;
    private final List<String> problems;
    private final RawSampleFile raw;
    private final SamplerUse samplerUse;

    /**
     * How the states were read: the sampler ({@code full} or {@code gated}), the thread-ticks swept and the
     * {@code stat} reads among them (equal for {@code full}).
     */
    public record SamplerUse(String sampler, long threadTicks, long statReads) {
        /** Percent of thread-ticks whose state was read, not carried over; null before any tick. */
        public Double statReadPercent() {
            return threadTicks == 0 ? null : 100.0 * statReads / threadTicks;
        }
    }

    Recording(Duration interval, int countersEveryTicks, long startNanos, long endNanos, long ticks, long missedTicks, long lateTicks,
              long selfCpuNanos, List<ThreadInfo> threads, SystemSeries system, List<String> problems,
              RawSampleFile raw) {
        this(interval, countersEveryTicks, startNanos, endNanos, ticks, missedTicks, lateTicks, selfCpuNanos, threads,
                system, problems, raw, new SamplerUse("full", 0, 0));
    }

    Recording(Duration interval, int countersEveryTicks, long startNanos, long endNanos, long ticks, long missedTicks, long lateTicks,
              long selfCpuNanos, List<ThreadInfo> threads, SystemSeries system, List<String> problems,
              RawSampleFile raw, SamplerUse samplerUse) {
        this.samplerUse = samplerUse;
        this.interval = interval;
        this.countersEveryTicks = countersEveryTicks;
        this.startNanos = startNanos;
        this.endNanos = endNanos;
        this.ticks = ticks;
        this.missedTicks = missedTicks;
        this.lateTicks = lateTicks;
        this.selfCpuNanos = selfCpuNanos;
        this.threads = List.copyOf(threads);
        this.system = system;
        this.problems = List.copyOf(problems);
        this.raw = raw;
    }

    public SamplerUse samplerUse() {
        return samplerUse;
    }

    public Duration interval() {
        return interval;
    }

    /** Cumulative counters were read every n-th tick (and at the first and last). */
    public int countersEveryTicks() {
        return countersEveryTicks;
    }

    public long startNanos() {
        return startNanos;
    }

    public long endNanos() {
        return endNanos;
    }

    public long ticks() {
        return ticks;
    }

    public long missedTicks() {
        return missedTicks;
    }

    public long lateTicks() {
        return lateTicks;
    }

    /** CPU time of the sampler thread itself; -1 when the JVM cannot measure thread CPU time. */
    public long selfCpuNanos() {
        return selfCpuNanos;
    }

    public long samples() {
        return raw.samples();
    }

    public long rawFileBytes() {
        return raw.sizeBytes();
    }

    public java.nio.file.Path rawFile() {
        return raw.path();
    }

    /** Threads by slot: {@code threads().get(slot).slot() == slot}. */
    public List<ThreadInfo> threads() {
        return threads;
    }

    public SystemSeries system() {
        return system;
    }

    /** What could not be measured, one line each. */
    public List<String> problems() {
        return problems;
    }

    public void scan(long fromNanos, long toNanos, SampleVisitor visitor) {
        raw.scan(fromNanos, toNanos, visitor);
    }

    @Override
    public void close() {
        raw.close();
    }
}
