package io.tunescope.monitor.overhead;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * One sampler sweep over every thread of a ~50-thread child JVM, for two builds of the monitor side by side
 * ({@code impl=before}: the classes folder in {@code -Dtunescope.classes.before}, {@code impl=after}: this tree), with
 * JMH's GC profiler: {@code gc.alloc.rate.norm} is the bytes allocated per sweep. Three operations: a state-only
 * sweep (every tick), a sweep with all counters (every 8th tick by default), and a tick with a rescan (every 4th
 * tick). Run with {@code scripts/monitor-overhead.sh}; not part of {@code mvn verify}. A build may name a sampler:
 * {@code -p impl=after:full,after:gated} sets both samplers of this tree side by side.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx256m"})
@State(Scope.Benchmark)
public class SweepAllocationBenchmark {
    @Param({"before", "after"})
    public String impl;

    /** Threads started in the child on top of its JVM's own (about 18). */
    @Param({"32"})
    public int extraThreads;

    private Process target;
    private IsolatedMonitor.Sampler sampler;

    @Setup(Level.Trial)
    public void setUp() throws Throwable {
        target = IsolatedMonitor.startTarget(extraThreads, 20);
        sampler = IsolatedMonitor.named(impl).sampler((int) target.pid());
        System.out.printf("%n[%s] target pid %d, %d threads followed%n", impl, target.pid(), sampler.liveThreads());
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        try {
            sampler.close();
        } finally {
            target.destroyForcibly().waitFor();
        }
    }

    @Benchmark
    public int stateOnly() throws Throwable {
        sampler.sweep(System.nanoTime(), false);
        return sampler.liveThreads();
    }

    @Benchmark
    public int allCounters() throws Throwable {
        sampler.sweep(System.nanoTime(), true);
        return sampler.liveThreads();
    }

    @Benchmark
    public int rescanAndStateOnly() throws Throwable {
        long now = System.nanoTime();
        sampler.scan(now);
        sampler.sweep(now, false);
        return sampler.liveThreads();
    }
}
