package io.tunescope.monitor.jfr;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;

class ThreadBlockProbeTest {
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
        while (user.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        synchronized (lock) {
            probe.begin();
            go.countDown();
            while (user.getState() != Thread.State.BLOCKED) {
                Thread.onSpinWait();
            }
            Thread.sleep(30);
        }
        while (release.getCount() > 0 && user.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        List<ThreadBlockStats> stats = probe.end();
        release.countDown();
        user.join();
        assertThat(stats).hasSize(1);
        assertThat(stats.get(0).threadName()).isEqualTo("probe-test");
        assertThat(stats.get(0).blockedCount()).isEqualTo(1);
        assertThat(stats.get(0).blockedMillis()).isGreaterThanOrEqualTo(1);
        assertThat(ManagementFactory.getThreadMXBean().isThreadContentionMonitoringEnabled()).isFalse();
    }
}
