package io.tunescope.monitor;

import io.tunescope.Externals;
import io.tunescope.monitor.trace.ThreadTrace;
import io.tunescope.monitor.trace.ThreadTrace.OnCpuInterval;
import io.tunescope.monitor.trace.TraceSummary;
import io.tunescope.store.MonitorSummary.SchedstatAgreement;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The trace's on-CPU time against schedstat readings: clipped to each thread's reading times, judged within 1%. */
class SchedstatCheckTest {
    private static final long MS = 1_000_000L;

    private static TraceSummary trace(long busyThreadEndMillis) {
        return new TraceSummary(Map.of(
                1, new ThreadTrace(1, List.of(new OnCpuInterval(0, 50 * MS, 0),
                        new OnCpuInterval(60 * MS, busyThreadEndMillis * MS, 0)), 0, 0, 0, 0, 0, 0, false),
                2, new ThreadTrace(2, List.of(new OnCpuInterval(300 * MS, 305 * MS, 1)), 0, 0, 0, 0, 0, 0, false)),
                0, 1_000 * MS, 0, 0, 0);
    }

    @Test
    void agreesWhenTheClippedTraceMatchesTheReadings() {
        // thread 1 read at 55 ms (50 ms on CPU so far) and at 500 ms; thread 2 born in between, read after only
        SchedstatCheck.Snapshot before = new SchedstatCheck.Snapshot(Map.of(1, new long[] {55 * MS, 50 * MS}));
        SchedstatCheck.Snapshot after = new SchedstatCheck.Snapshot(Map.of(1, new long[] {500 * MS, 290 * MS},
                2, new long[] {501 * MS, 5 * MS}));
        SchedstatAgreement ok = SchedstatCheck.compare(before, after, trace(300));
        assertThat(ok.threads()).isEqualTo(2);
        assertThat(ok.traceCpuMillis()).as("240 + 5").isCloseTo(245.0, within(1e-9));
        assertThat(ok.totalDifferencePercent()).isCloseTo(0.0, within(1e-9));
        assertThat(ok.checkedThreads()).as("thread 2's 5 ms is below the floor").isEqualTo(1);
        assertThat(ok.withinOnePercent()).isTrue();
        SchedstatAgreement off = SchedstatCheck.compare(before, after, trace(303));
        assertThat(off.worstTid()).isEqualTo(1);
        assertThat(off.worstDifferencePercent()).isCloseTo(100.0 * 3 / 240, within(1e-9));
        assertThat(off.withinOnePercent()).isFalse();
        // read at 20 ms, while on the CPU: its schedstat may lag by a tick, so it is not judged one by one
        SchedstatCheck.Snapshot busyBefore = new SchedstatCheck.Snapshot(Map.of(1, new long[] {20 * MS, 17 * MS}));
        SchedstatAgreement busy = SchedstatCheck.compare(busyBefore, after, trace(300));
        assertThat(busy.onCpuAtReading()).isEqualTo(1);
        assertThat(busy.checkedThreads()).isZero();
        assertThat(busy.traceCpuMillis()).as("30 + 240 + 5").isCloseTo(275.0, within(1e-9));
        // read from 290 to 301 ms (the reader preempted after its clock): thread 2 ran at 300, not judged either
        SchedstatCheck.Snapshot slowAfter = new SchedstatCheck.Snapshot(Map.of(1, new long[] {500 * MS, 290 * MS},
                2, new long[] {290 * MS, 5 * MS, 301 * MS}));
        assertThat(SchedstatCheck.compare(before, slowAfter, trace(300)).onCpuAtReading()).isEqualTo(1);
        assertThat(SchedstatCheck.compare(before, after, trace(300)).onCpuAtReading()).isZero();
        SchedstatAgreement tiny = SchedstatCheck.compare(new SchedstatCheck.Snapshot(Map.of()),
                new SchedstatCheck.Snapshot(Map.of(2, new long[] {501 * MS, 6 * MS})), trace(300));
        assertThat(tiny.totalDifferencePercent()).as("5 traced of 6").isCloseTo(-100.0 / 6, within(1e-9));
        assertThat(tiny.withinOnePercent()).as("6 ms is too little to judge").isNull();
    }

    @Test
    void readsEveryThreadOfThisProcess() {
        Externals.linuxProc();
        int self = (int) ProcessHandle.current().pid();
        SchedstatCheck.Snapshot s = SchedstatCheck.read(Path.of("/proc"), List.of(self));
        assertThat(s.byTid()).containsKey(self);
        assertThat(s.byTid().size()).isEqualTo(Path.of("/proc/self/task").toFile().list().length);
        assertThat(s.byTid().get(self)[1]).as("the main thread has run").isPositive();
    }
}
