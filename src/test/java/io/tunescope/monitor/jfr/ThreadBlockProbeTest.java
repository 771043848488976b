package io.tunescope.monitor.jfr;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class ThreadBlockProbeTest {
    private static final long STATE_WAIT_SECONDS = 10;

    /** Spins until the thread is in the state, failing (not hanging) after {@link #STATE_WAIT_SECONDS}. */
    private static void awaitState(Thread thread, Thread.State state) {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(STATE_WAIT_SECONDS);
        while (thread.getState() != state) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(thread.getName() + " not " + state + " within " + STATE_WAIT_SECONDS
                        + " s; it is " + thread.getState());
            }
            Thread.onSpinWait();
        }
    }

    @Test
    void countsABlockedEntryAndSwitchesMonitoringBackOff() throws Exception {
        Object lock = new Object();
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread user = new Thread(() -> {
            try {
                go.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (lock) {
                lock.hashCode();
            }
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "probe-test");
        ThreadBlockProbe probe = new ThreadBlockProbe(List.of(user), true);
        user.start();
        awaitState(user, Thread.State.WAITING);
        synchronized (lock) {
            probe.begin();
            go.countDown();
            awaitState(user, Thread.State.BLOCKED);
            Thread.sleep(30);
        }
        awaitState(user, Thread.State.WAITING);
        List<ThreadBlockStats> stats = probe.end();
        release.countDown();
        user.join(STATE_WAIT_SECONDS * 1000);
        assertThat(stats).hasSize(1);
        assertThat(stats.get(0).threadName()).isEqualTo("probe-test");
        assertThat(stats.get(0).blockedCount()).isEqualTo(1);
        assertThat(stats.get(0).blockedMillis()).isGreaterThanOrEqualTo(1);
        assertThat(ManagementFactory.getThreadMXBean().isThreadContentionMonitoringEnabled()).isFalse();
    }
}
