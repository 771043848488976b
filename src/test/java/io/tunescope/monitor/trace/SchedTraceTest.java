package io.tunescope.monitor.trace;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The trace parser and timeline builder on recorded trace text (tracefs and perf script) and a hand-made loss. */
class SchedTraceTest {
    private static final int SPINNER = 24416;
    private static final int SLEEPER = 24417;

    private static List<SchedEvent> events(String fixture) throws IOException {
        try (InputStream in = SchedTraceTest.class.getResourceAsStream("/trace/" + fixture)) {
            List<SchedEvent> out = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                SchedEvent e = SchedTraceParser.parse(line);
                if (e != null) {
                    out.add(e);
                }
            }
            return out;
        }
    }

    @Test
    void parsesTracefsLinesWithSpacesInCommandNames() {
        SchedEvent e = SchedTraceParser.parse("           <...>-23838   [000] d..2.  3233.794506: sched_switch: "
                + "prev_comm=C2 CompilerThre prev_pid=23838 prev_prio=120 prev_state=R ==> next_comm=capture.sh "
                + "next_pid=23857 next_prio=120");
        assertThat(e).isEqualTo(new SchedEvent.Switch(0, 3_233_794_506_000L, 23838, "R", 23857));
        assertThat(SchedTraceParser.parse(" tokio-rt-worker-70      [001] d.s4.  3233.802686: sched_wakeup: "
                + "comm=taskset pid=23870 prio=120 target_cpu=001"))
                .isEqualTo(new SchedEvent.Wakeup(1, 3_233_802_686_000L, 23870, 1, 70));
        assertThat(SchedTraceParser.parse("# tracer: nop")).isNull();
        assertThat(SchedTraceParser.parse("# entries-in-buffer/entries-written: 134/134   #P:2")).isNull();
        assertThat(SchedTraceParser.parse("# entries-in-buffer/entries-written: 134/200   #P:2"))
                .as("66 overwritten").isEqualTo(new SchedEvent.Lost(-1, 66));
        assertThat(SchedTraceParser.parse("")).isNull();
        assertThat(SchedTraceParser.parse("  sh-1 [000] ..... 1.000001: sched_process_exit: comm=sh pid=1")).isNull();
    }

    @Test
    void parsesPerfScriptWithNanoseconds() throws IOException {
        List<SchedEvent> all = events("perf-script-sample.txt");
        assertThat(all).hasSize(60); // every line of the recording is one of the three events
        assertThat(all.get(1)).isEqualTo(new SchedEvent.Switch(0, 3_374_786_637_704L, 28703, "D", 18));
        assertThat(all.get(2)).isEqualTo(new SchedEvent.Migrate(0, 3_374_786_643_232L, 28703, 0, 1, 18));
        assertThat(all.get(3)).isEqualTo(new SchedEvent.Wakeup(0, 3_374_786_658_144L, 28703, 1, 18));
    }

    @Test
    void recordedSpinnerAndSleeper() throws IOException {
        TraceSummary t = SchedTimeline.build(events("tracefs-spinner-sleeper.txt"), Set.of(SPINNER, SLEEPER)::contains);
        assertThat(t.complete()).isTrue();
        assertThat(t.threads()).containsOnlyKeys(SPINNER, SLEEPER);
        ThreadTrace spinner = t.threads().get(SPINNER);
        // expected figures from an independent reading of the same text: scripts/trace-reference.py
        assertThat(spinner.onCpuNanos()).isEqualTo(66_595_000L);
        assertThat(spinner.involuntarySwitches()).isEqualTo(35);
        assertThat(spinner.voluntarySwitches()).isZero();
        assertThat(spinner.sleeps()).isZero();
        assertThat(spinner.migrations()).isEqualTo(1);
        assertThat(spinner.coreChanges()).isEqualTo(1);
        assertThat(spinner.runDelayNanos()).isEqualTo(70_195_000L);
        ThreadTrace sleeper = t.threads().get(SLEEPER);
        assertThat(sleeper.onCpuNanos()).isEqualTo(1_006_000L);
        assertThat(sleeper.voluntarySwitches()).isEqualTo(23);
        assertThat(sleeper.sleeps()).as("the last voluntary switch is its exit").isEqualTo(22);
        assertThat(sleeper.involuntarySwitches()).isZero();
        assertThat(sleeper.migrations()).isEqualTo(2);
        assertThat(sleeper.coreChanges()).isEqualTo(2);
        assertThat(sleeper.runDelayNanos()).isEqualTo(341_000L);
        assertThat(spinner.uncertain() || sleeper.uncertain()).isFalse();
        // two threads share two CPUs: together never more than the elapsed time times two
        assertThat(spinner.onCpuNanos() + sleeper.onCpuNanos()).isLessThanOrEqualTo(2 * (t.lastNanos() - t.firstNanos()));
    }

    @Test
    void lostEventsAndHotplugMakeBoundsNotGuesses() throws IOException {
        TraceSummary t = SchedTimeline.build(events("tracefs-lost-hotplug.txt"), tid -> tid == 100 || tid == 101);
        assertThat(t.complete()).isFalse();
        assertThat(t.lostEvents()).isEqualTo(17);
        assertThat(t.lostMarks()).isEqualTo(2);
        assertThat(t.hotplugSteps()).isEqualTo(1);
        ThreadTrace a = t.threads().get(100);
        assertThat(a.onCpu()).containsExactly(new ThreadTrace.OnCpuInterval(100_000_000_000L, 100_004_000_000L, 0,
                ThreadTrace.End.SLEEP), new ThreadTrace.OnCpuInterval(100_012_000_000L, 100_015_000_000L, 0,
                ThreadTrace.End.PREEMPT), new ThreadTrace.OnCpuInterval(100_016_000_000L, 100_016_000_000L, 0));
        assertThat(a.waits()).as("woken at .011, in at .012; preempted at .015, back at .016").containsExactly(
                new ThreadTrace.Wait(100_011_000_000L, 100_012_000_000L),
                new ThreadTrace.Wait(100_015_000_000L, 100_016_000_000L));
        assertThat(a.waitNanos(100_011_500_000L, 100_015_500_000L)).isEqualTo(1_000_000L);
        assertThat(a.runDelayNanos()).as("wake-up to switch-in, and preempted to back on").isEqualTo(2_000_000L);
        assertThat(a.voluntarySwitches()).isEqualTo(1);
        assertThat(a.involuntarySwitches()).isEqualTo(1);
        assertThat(a.uncertain()).as("nothing of 100 happened on CPU 1").isFalse();
        ThreadTrace b = t.threads().get(101);
        assertThat(b.uncertain()).isTrue();
        assertThat(b.onCpu().get(0)).as("switch-out lost: closed by the next switch on CPU 1, an upper bound")
                .isEqualTo(new ThreadTrace.OnCpuInterval(100_002_000_000L, 100_010_000_000L, 1));
        assertThat(b.onCpuNanos()).isEqualTo(9_000_000L);
        assertThat(b.migrations()).isEqualTo(1);
        assertThat(b.coreChanges()).isEqualTo(1);
        assertThat(b.sleeps()).isEqualTo(1);
    }

    @Test
    void windowsClipIntervalsAndStateAtAnInstant() {
        ThreadTrace t = new ThreadTrace(7, List.of(new ThreadTrace.OnCpuInterval(10, 20, 0),
                new ThreadTrace.OnCpuInterval(30, 40, 1)), 1, 1, 0, 0, 1, 0, false);
        assertThat(t.onCpuNanos()).isEqualTo(20);
        assertThat(t.onCpuNanos(15, 35)).isEqualTo(10);
        assertThat(t.onCpuAt(10)).isTrue();
        assertThat(t.onCpuAt(20)).isFalse();
        assertThat(t.onCpuAt(25)).isFalse();
    }

    @Test
    void aThreadOnCpuWhenTracingBeganStartsAtTheFirstTimestamp() {
        List<SchedEvent> e = List.of(new SchedEvent.Wakeup(1, 1_000, 9, 1),
                new SchedEvent.Switch(0, 5_000, 8, "R+", 0));
        ThreadTrace t = SchedTimeline.build(e, tid -> tid == 8).threads().get(8);
        assertThat(t.onCpu()).containsExactly(new ThreadTrace.OnCpuInterval(1_000, 5_000, 0, ThreadTrace.End.PREEMPT));
        assertThat(t.involuntarySwitches()).isEqualTo(1);
        assertThat(t.uncertain()).isFalse();
        List<SchedEvent> wokenOnCpu = List.of(new SchedEvent.Wakeup(1, 1_000, 9, 1),
                new SchedEvent.Wakeup(0, 2_000, 8, 0), new SchedEvent.Switch(0, 5_000, 8, "S", 0));
        ThreadTrace w = SchedTimeline.build(wokenOnCpu, tid -> tid == 8).threads().get(8);
        assertThat(w.onCpu()).as("woken while still on its CPU before it blocked: on since the trace began")
                .containsExactly(new ThreadTrace.OnCpuInterval(1_000, 5_000, 0, ThreadTrace.End.SLEEP));
        assertThat(w.uncertain()).isFalse();
        List<SchedEvent> lostSwitchIn = List.of(new SchedEvent.Wakeup(1, 1_000, 8, 1), new SchedEvent.Lost(0, 3),
                new SchedEvent.Switch(0, 5_000, 8, "S", 0));
        ThreadTrace u = SchedTimeline.build(lostSwitchIn, tid -> tid == 8).threads().get(8);
        assertThat(u.onCpu()).isEmpty();
        assertThat(u.uncertain()).isTrue();
    }

    @Test
    void aMigrationBeforeTheFirstSwitchLeavesAThreadOnCpuSinceTracingBegan() {
        // the load balancer moves a running thread: its first event is the migration, then its switch-out
        List<SchedEvent> e = List.of(new SchedEvent.Wakeup(1, 1_000, 9, 1),
                new SchedEvent.Migrate(1, 2_000, 8, 0, 1),
                new SchedEvent.Switch(1, 5_000, 8, "R+", 0));
        ThreadTrace t = SchedTimeline.build(e, tid -> tid == 8).threads().get(8);
        assertThat(t.onCpu()).containsExactly(new ThreadTrace.OnCpuInterval(1_000, 5_000, 1, ThreadTrace.End.PREEMPT));
        assertThat(t.migrations()).isEqualTo(1);
        assertThat(t.uncertain()).isFalse();
    }
}
