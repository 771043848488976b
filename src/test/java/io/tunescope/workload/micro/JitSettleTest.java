package io.tunescope.workload.micro;

import io.tunescope.Externals;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class JitSettleTest {

    /** A fake clock: sleeping advances it; the compiler burns {@code busyShare} of it until {@code busyUntil}. */
    private static final class FakeJvm {
        final AtomicLong nowMillis = new AtomicLong();
        final List<Long> progress = new ArrayList<>();
        final long busyUntilMillis;
        final double busyShare;

        FakeJvm(long busyUntilMillis, double busyShare) {
            this.busyUntilMillis = busyUntilMillis;
            this.busyShare = busyShare;
        }

        JitSettle.Warmup warmUp(long requestedMillis) throws InterruptedException {
            return JitSettle.warmUp(requestedMillis, progress::add, (millis, p) -> {
                nowMillis.addAndGet(millis);
                p.accept(millis);
            }, () -> (long) (Math.min(nowMillis.get(), busyUntilMillis) * 1e6 * busyShare));
        }

        long progressMillis() {
            return progress.stream().mapToLong(Long::longValue).sum();
        }
    }

    @Test
    void aQuietJitEndsTheWarmUpOnTime() throws InterruptedException {
        FakeJvm jvm = new FakeJvm(400, 0.5);
        assertThat(jvm.warmUp(1000)).isEqualTo(new JitSettle.Warmup(1000, true));
        assertThat(jvm.progressMillis()).isEqualTo(1000);
    }

    @Test
    void aBusyCompilerExtendsTheWarmUpUntilItGoesQuiet() throws InterruptedException {
        FakeJvm jvm = new FakeJvm(2600, 0.2);
        JitSettle.Warmup w = jvm.warmUp(1000);
        // windows end at 1000, 1250, ... ; the first one wholly after 2600 ms is 2750-3000
        assertThat(w).isEqualTo(new JitSettle.Warmup(3000, true));
        // only the requested part moves the progress bar, so its ETA stays what was planned
        assertThat(jvm.progressMillis()).isEqualTo(1000);
    }

    @Test
    void aCompilerThatNeverStopsEndsTheWarmUpAtTenTimesTheRequestAndSaysSo() throws InterruptedException {
        FakeJvm jvm = new FakeJvm(Long.MAX_VALUE, 0.1);
        assertThat(jvm.warmUp(500)).isEqualTo(new JitSettle.Warmup(5000, false));
    }

    @Test
    void noWarmUpMeansNone() throws InterruptedException {
        FakeJvm jvm = new FakeJvm(Long.MAX_VALUE, 1.0);
        assertThat(jvm.warmUp(0)).isEqualTo(new JitSettle.Warmup(0, true));
        assertThat(jvm.nowMillis.get()).isZero();
    }

    @Test
    void thisJvmsCompilerTimeIsReadable() {
        assertThat(CompilerCpu.nanos()).isNotNegative();
    }

    @Test
    void onLinuxTheCompilerThreadsAreFoundByName() {
        Externals.linuxProc();
        assertThat(CompilerCpu.fromProc()).isPositive();
    }
}
