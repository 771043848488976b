package io.tunescope.monitor.jfr;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import static org.assertj.core.api.Assertions.assertThat;

class ContentionAnalyzerTest {
    /** A monitor that is held long enough that every other thread blocks on it. */
    static final class HotLock {
        synchronized void hold() {
            LockSupport.parkNanos(2_000_000);
        }
    }

    @Test
    void findsTheContendedMonitorAndTheParkedOnLockWithTheirFrames(@TempDir Path dir) throws Exception {
        HotLock hot = new HotLock();
        ReentrantLock lock = new ReentrantLock();
        Path jfr = dir.resolve("test.jfr");
        List<Thread> threads = new ArrayList<>();
        try (ContentionRecording rec = ContentionRecording.start(jfr, Duration.ZERO)) {
            for (int i = 0; i < 3; i++) {
                threads.add(new Thread(() -> {
                    for (int k = 0; k < 20; k++) {
                        hot.hold();
                    }
                }, "test-user-m" + i));
                threads.add(new Thread(() -> {
                    for (int k = 0; k < 20; k++) {
                        lock.lock();
                        try {
                            LockSupport.parkNanos(2_000_000);
                        } finally {
                            lock.unlock();
                        }
                    }
                }, "test-user-p" + i));
            }
            threads.add(new Thread(() -> LockSupport.parkNanos(50_000_000), "bystander"));
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            rec.stop();
        }
        ContentionTable table = ContentionAnalyzer.analyze(jfr, n -> n.startsWith("test-user-"));

        LockStat monitor = table.topMonitors().stream().filter(s -> s.kind().equals("monitor")).findFirst()
                .orElseThrow();
        assertThat(monitor.monitorClass()).isEqualTo(HotLock.class.getName());
        assertThat(monitor.events()).isPositive();
        assertThat(monitor.topFrames().get(0)).startsWith(HotLock.class.getName() + ".hold:");
        assertThat(monitor.callPaths().get(0)).contains(" <- ");
        assertThat(table.topMonitors()).anyMatch(s -> s.kind().equals("park")
                && s.monitorClass().startsWith(ReentrantLock.class.getName())
                && s.topFrames().get(0).startsWith(ContentionAnalyzerTest.class.getName() + ".lambda$"));
        // sleeps (parks without a blocker) and the bystander's park are not contention
        assertThat(table.topMonitors()).noneMatch(s -> s.monitorClass().equals("(unknown)"));
        assertThat(table.topMonitors().stream().mapToDouble(LockStat::share).sum()).isCloseTo(1.0,
                org.assertj.core.api.Assertions.within(1e-9));
    }

    /** CPU work that takes no lock: where a compare-and-set retry loop would show. */
    static final class Spinner {
        static long spin(long nanos) {
            long end = System.nanoTime() + nanos;
            long x = 1;
            while (System.nanoTime() < end) {
                for (int i = 0; i < 1_000; i++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
            }
            return x;
        }
    }

    @Test
    void countsWhereTheUserThreadsRunAndLeavesOtherThreadsOut(@TempDir Path dir) throws Exception {
        Path jfr = dir.resolve("cpu.jfr");
        long[] sink = new long[2];
        try (ContentionRecording rec = ContentionRecording.start(jfr, Duration.ZERO)) {
            // a fixed time on CPU (the thread's own CPU clock), not a fixed count of iterations nor of wall time: how
            // long 400M iterations take depends on the JIT, and on a loaded machine the thread gets a share of a core
            long wallLimitNanos = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
            Thread user = new Thread(() -> {
                java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
                long cpuEndNanos = mx.getCurrentThreadCpuTime() + Duration.ofMillis(450).toNanos();
                while (mx.getCurrentThreadCpuTime() < cpuEndNanos && System.nanoTime() < wallLimitNanos) {
                    sink[0] += Spinner.spin(5_000_000L);
                }
                done.set(true);
            }, "test-user-cpu");
            Thread bystander = new Thread(() -> {
                while (!done.get() && System.nanoTime() < wallLimitNanos) {
                    sink[1] += Spinner.spin(5_000_000L);
                }
            }, "bystander");
            user.start();
            bystander.start();
            user.join();
            bystander.join();
            rec.stop();
        }
        ContentionTable table = ContentionAnalyzer.analyze(jfr, n -> n.startsWith("test-user-"));

        // 450 ms of the thread's CPU sampled every 10 ms (JFR's execution samples may miss some on a busy machine)
        assertThat(table.cpuSamples()).isBetween(5L, 90L);
        HotMethod top = table.hotMethods().get(0);
        assertThat(top.method()).isEqualTo(Spinner.class.getName() + ".spin");
        assertThat(top.topCaller()).startsWith(ContentionAnalyzerTest.class.getName() + ".lambda$");
        assertThat(top.share()).isGreaterThan(0.5);
        assertThat(table.hotMethods().stream().mapToLong(HotMethod::samples).sum()).isEqualTo(table.cpuSamples());
        // no lock in this code; at most a stray short wait on a runtime-internal monitor (seen: one 70 us event, and
        // one of 2.6 ms while another build loaded the machine, on an int[] at the loop's line: its length is the
        // stall's, which grows with the load), never the blocked time of real contention (the spinners would hold
        // a real lock for hundreds of milliseconds)
        assertThat(table.topMonitors()).allSatisfy(s -> {
            assertThat(s.events()).isLessThanOrEqualTo(2);
            assertThat(s.blockedNanos()).isLessThan(20_000_000L);
        });
    }
}
