package io.tunescope.monitor.trace;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The kernel's runtime charges ({@code sched_stat_runtime}) in exact mode: parsed from recorded trace text (kernel
 * 6.18, tracefs), summed per window, and used to place a switch-in the kernel did not record.
 */
class RuntimeChargesTest {
    @Test
    void parsesTheChargeAndWhoWasCurrentWhenItWasMade() {
        // recorded 1 Dec 2026 on a DuckDB tenant's user thread: a tick's charge, then the one at its switch-out
        assertThat(SchedTraceParser.parse("      user-t1-16-19236   [000] d.h1. 38716.496025: sched_stat_runtime: "
                + "comm=user-t1-16 pid=19236 runtime=3947498 [ns]"))
                .isEqualTo(new SchedEvent.Runtime(0, 38_716_496_025_000L, 19236, 3_947_498, 19236));
        // a reader on another CPU brought a running thread's charge up to date (it read its schedstat)
        assertThat(SchedTraceParser.parse(" tunescope-monit-18300 [001] d..2. 38716.500100: sched_stat_runtime: "
                + "comm=user-t1-6 pid=19226 runtime=77001 [ns]"))
                .isEqualTo(new SchedEvent.Runtime(1, 38_716_500_100_000L, 19226, 77_001, 18300));
        // kernels before 6.8 print the virtual runtime after it; a command name may hold the key
        assertThat(SchedTraceParser.parse("  runtime=1-42 [003] d..2. 100.000010: sched_stat_runtime: "
                + "comm=runtime=1 pid=42 runtime=1500 [ns] vruntime=98765432109 [ns]"))
                .isEqualTo(new SchedEvent.Runtime(3, 100_000_010_000L, 42, 1500, 42));
        assertThat(SchedTraceParser.parse("  x-42 [003] d..2. 100.000010: sched_stat_runtime: comm=x pid=42"))
                .isNull();
    }

    @Test
    void sumsChargesCutAtTheWindowsEdges() {
        RuntimeCharges c = RuntimeCharges.of(10, 20, 30, 40, 40, 45, 100, 200);
        assertThat(c.count()).isEqualTo(4);
        assertThat(c.nanos(Long.MIN_VALUE, Long.MAX_VALUE)).isEqualTo(125);
        assertThat(c.nanos(15, 35)).isEqualTo(10);
        assertThat(c.nanos(20, 30)).isZero();
        assertThat(c.nanos(42, 150)).isEqualTo(53);
        assertThat(c.nanos(150, 120)).isZero();
        assertThat(c.nanos(0, 10)).isZero();
        assertThat(c.nanos(199, 1_000)).isEqualTo(1);
        assertThat(RuntimeCharges.NONE.nanos(0, 100)).isZero();
        // a charge that starts before the previous one ends (two clocks a few microseconds apart) is cut there
        assertThat(RuntimeCharges.of(0, 50, 45, 60).nanos(0, 100)).isEqualTo(60);
    }

    @Test
    void chargesAreTheThreadsOnCpuTimeWhereTheTraceHasThem() {
        // switched in at 1000, charged at a tick (1000..4000) and at its switch-out, where 200 ns of it were an
        // interrupt's: the interval says 5000 ns, the kernel's accounting (and schedstat) 4800
        List<SchedEvent> e = List.of(new SchedEvent.Switch(0, 1_000, 0, "R", 7),
                new SchedEvent.Runtime(0, 4_000, 7, 3_000, 7),
                new SchedEvent.Runtime(0, 6_000, 7, 1_800, 7),
                new SchedEvent.Switch(0, 6_000, 7, "S", 0));
        ThreadTrace t = SchedTimeline.build(e, tid -> tid == 7).threads().get(7);
        assertThat(t.onCpu()).containsExactly(new ThreadTrace.OnCpuInterval(1_000, 6_000, 0, ThreadTrace.End.SLEEP));
        assertThat(t.onCpuNanos()).isEqualTo(4_800);
        assertThat(t.onCpuNanos(3_000, 5_000)).isEqualTo(1_800);
    }

    @Test
    void theFirstChargeAfterAnUnrecordedSwitchInTellsWhereItHappened() {
        // CPU 1 switched to a task whose switch-out the kernel never records (at 1000); thread 9 ran there from
        // 3000, seen first by its tick charge at 5000 (2000 ns since its switch-in)
        List<SchedEvent> e = List.of(new SchedEvent.Switch(1, 1_000, 0, "R", 77),
                new SchedEvent.Runtime(1, 5_000, 9, 2_000, 9),
                new SchedEvent.Switch(1, 6_000, 9, "S", 0));
        TraceSummary trace = SchedTimeline.build(e, tid -> tid == 9);
        ThreadTrace t = trace.threads().get(9);
        assertThat(t.onCpu()).containsExactly(new ThreadTrace.OnCpuInterval(3_000, 6_000, 1, ThreadTrace.End.SLEEP));
        assertThat(trace.inferredWindows().get(9)).as("one inferred, a 4000 ns window, narrowed by 2000")
                .containsExactly(1, 4_000L, 2_000L);
    }

    @Test
    void aReadersChargeOnAnotherCpuPlacesTheSwitchInToo() {
        // thread 9 switched in unrecorded on CPU 1 at 3000; the sampler (tid 50) read its schedstat from CPU 0 at
        // 4000, charging it 1000; its own next line (a wake-up it made, at 5000) shows it current on CPU 1
        List<SchedEvent> e = List.of(new SchedEvent.Switch(1, 1_000, 0, "R", 77),
                new SchedEvent.Runtime(0, 4_000, 9, 1_000, 50),
                new SchedEvent.Wakeup(1, 5_000, 12, 0, 9),
                new SchedEvent.Runtime(1, 6_000, 9, 2_000, 9),
                new SchedEvent.Switch(1, 6_000, 9, "S", 0));
        TraceSummary trace = SchedTimeline.build(e, tid -> tid == 9);
        ThreadTrace t = trace.threads().get(9);
        assertThat(t.onCpu()).containsExactly(new ThreadTrace.OnCpuInterval(3_000, 6_000, 1, ThreadTrace.End.SLEEP));
        assertThat(t.onCpuNanos()).isEqualTo(3_000);
    }

    @Test
    void theRecordsChargesAreMergedIntoTheTraceByTime() {
        SchedEvent.Switch in = new SchedEvent.Switch(0, 1_000, 0, "R", 7);
        SchedEvent.Lost lost = new SchedEvent.Lost(1, 3);
        SchedEvent.Switch out = new SchedEvent.Switch(0, 6_000, 7, "S", 0);
        SchedEvent.Runtime early = new SchedEvent.Runtime(1, 500, 9, 100, 9);
        SchedEvent.Runtime atIn = new SchedEvent.Runtime(0, 1_000, 3, 10, 3);
        SchedEvent.Runtime tick = new SchedEvent.Runtime(0, 4_000, 7, 3_000, 7);
        SchedEvent.Runtime late = new SchedEvent.Runtime(0, 7_000, 8, 900, 8);
        assertThat(TracefsTracer.merged(List.of(in, lost, out), List.of(early, atIn, tick, late)))
                .containsExactly(early, in, lost, atIn, tick, out, late);
        assertThat(TracefsTracer.merged(List.of(in, out), List.of())).containsExactly(in, out);
    }
}
