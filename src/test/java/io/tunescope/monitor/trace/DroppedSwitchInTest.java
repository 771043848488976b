package io.tunescope.monitor.trace;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SF 1 one-user disagreement of the trace with schedstat, on trace text recorded then (kernel 6.18, tracefs instance
 * with {@code set_event_pid}): the kernel's pid filter dropped switches INTO monitored threads (from the idle task,
 * from kernel and unmonitored threads) while keeping the switches out of them. The busy DuckDB thread lost those
 * runs (-22 %), and a sleeping thread whose first line was a wake-up by the idle task was counted on the CPU since
 * the trace began (+150x).
 */
class DroppedSwitchInTest {
    private static List<SchedEvent> events(String fixture) throws IOException {
        try (InputStream in = DroppedSwitchInTest.class.getResourceAsStream("/trace/" + fixture)) {
            List<SchedEvent> out = new ArrayList<>();
            SchedTraceParser.parseAll(in, out);
            return out;
        }
    }

    @Test
    void theLineHeadNamesTheCurrentThread() {
        assertThat(SchedTraceParser.parse("          <idle>-0       [001] dNh2. 16213.587652: sched_wakeup: "
                + "comm=duck-t1 pid=31444 prio=130 target_cpu=001"))
                .isEqualTo(new SchedEvent.Wakeup(1, 16_213_587_652_000L, 31444, 1, 0));
        assertThat(SchedTraceParser.parse(" C2 CompilerThre-31435   [001] d..2. 16213.587330: sched_migrate_task: "
                + "comm=duck-t1 pid=31444 prio=130 orig_cpu=0 dest_cpu=1"))
                .isEqualTo(new SchedEvent.Migrate(1, 16_213_587_330_000L, 31444, 0, 1, 31435));
        assertThat(SchedTraceParser.headTid("[001]".getBytes(), 0, 0)).isEqualTo(-1);
    }

    @Test
    void aBusyThreadsDroppedSwitchInsStartAtTheCpusLastLineShowingAnotherThread() throws IOException {
        Set<Integer> monitored = Set.of(31444, 31439, 31352, 31435, 31565, 31572);
        TraceSummary trace = SchedTimeline.build(events("tracefs-dropped-switch-ins.txt"), monitored::contains);
        ThreadTrace duck = trace.threads().get(31444);
        // recorded switch-ins: 579 + 18 + 277 us; switched in unrecorded after the switch to rcu_preempt (4004 us)
        // and after the idle task's wake-up of it (31 us)
        assertThat(duck.onCpuNanos()).isEqualTo(4_909_000L);
        assertThat(duck.onCpu()).contains(new ThreadTrace.OnCpuInterval(16_211_652_028_000L, 16_211_656_032_000L, 1,
                ThreadTrace.End.PREEMPT), new ThreadTrace.OnCpuInterval(16_213_587_652_000L, 16_213_587_683_000L, 1,
                ThreadTrace.End.SLEEP));
        assertThat(duck.uncertain()).isFalse();
        assertThat(trace.inferredWindows().get(31444)).as("two inferred, 4004 + 31 us of windows")
                .containsExactly(2, 4_035_000L, 0L);
    }

    @Test
    void aSleeperWokenByTheIdleTaskIsNotOnTheCpuSinceTheTraceBegan() throws IOException {
        Set<Integer> monitored = Set.of(14093, 14076, 14116, 14098);
        TraceSummary t = SchedTimeline.build(events("tracefs-woken-first.txt"), monitored::contains);
        ThreadTrace deflater = t.threads().get(14093);
        assertThat(deflater.onCpu()).containsExactly(new ThreadTrace.OnCpuInterval(16_530_324_542_000L,
                16_530_324_568_000L, 1, ThreadTrace.End.SLEEP));
        assertThat(deflater.runDelayNanos()).isZero();
    }

    @Test
    void eventsLostOnTheCpuLeaveAnUnrecordedSwitchInUncounted() {
        List<SchedEvent> e = List.of(new SchedEvent.Switch(1, 1_000, 5, "S", 0), new SchedEvent.Lost(1, 4),
                new SchedEvent.Wakeup(1, 2_000, 8, 1, 0), new SchedEvent.Switch(1, 3_000, 8, "S", 0));
        ThreadTrace t = SchedTimeline.build(e, tid -> tid == 8).threads().get(8);
        assertThat(t.onCpu()).isEmpty();
        assertThat(t.uncertain()).isTrue();
    }
}
