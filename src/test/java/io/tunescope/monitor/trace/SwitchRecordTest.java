package io.tunescope.monitor.trace;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The switch record (a second instance with {@code sched_switch} and no pid filter) on trace text recorded in an
 * SF 0.1 run (kernel 6.18, this project's sandbox): the switch into the monitored {@code VM Thread} (32595) is in
 * neither instance, because the kernel records no switch out of the sandbox agent's {@code tokio-rt-worker} (75);
 * the unfiltered record holds the switch INTO that task (30563.360351), which bounds the inferred start.
 */
class SwitchRecordTest {
    private static final int VM_THREAD = 32595;
    private static final Set<Integer> MONITORED = Set.of(VM_THREAD, 32609, 32559, 1315);

    private static List<SchedEvent> events(String fixture) throws IOException {
        try (InputStream in = SwitchRecordTest.class.getResourceAsStream("/trace/" + fixture)) {
            List<SchedEvent> out = new ArrayList<>();
            SchedTraceParser.parseAll(in, out);
            return out;
        }
    }

    @Test
    void theRecordStartsAnInferredSwitchInAtTheSwitchIntoTheTaskThatLeftUnrecorded() throws IOException {
        List<SchedEvent> traced = events("tracefs-unrecorded-leaver.txt");
        SwitchRecord record = SwitchRecord.of(events("tracefs-unrecorded-leaver-record.txt"));

        ThreadTrace alone = SchedTimeline.build(traced, MONITORED::contains).threads().get(VM_THREAD);
        TraceSummary narrowed = SchedTimeline.build(traced, MONITORED::contains, record);
        ThreadTrace vm = narrowed.threads().get(VM_THREAD);

        // alone: since the wake-up recorded on its CPU while tokio-rt-worker ran there (the earliest it can be)
        assertThat(alone.onCpu()).containsExactly(new ThreadTrace.OnCpuInterval(30_563_360_156_000L,
                30_563_360_529_000L, 1, ThreadTrace.End.SLEEP));
        // with the record: since the switch into tokio-rt-worker, 195 us later
        assertThat(vm.onCpu()).containsExactly(new ThreadTrace.OnCpuInterval(30_563_360_351_000L,
                30_563_360_529_000L, 1, ThreadTrace.End.SLEEP));
        assertThat(narrowed.inferredWindows().get(VM_THREAD)).as("one inferred, 170 us window, 195 us taken off")
                .containsExactly(1, 170_000L, 195_000L);
        assertThat(vm.uncertain()).isFalse();
    }

    @Test
    void aRecordThatLostEventsNarrowsNothing() throws IOException {
        List<SchedEvent> withLoss = new ArrayList<>(events("tracefs-unrecorded-leaver-record.txt"));
        withLoss.add(new SchedEvent.Lost(1, 3));
        SwitchRecord record = SwitchRecord.of(withLoss);
        assertThat(record.lostMarks()).isEqualTo(1);
        assertThat(record.latestAtOrBefore(1, 30_563_360_516_000L, VM_THREAD)).isEqualTo(Long.MIN_VALUE);
        ThreadTrace vm = SchedTimeline.build(events("tracefs-unrecorded-leaver.txt"), MONITORED::contains, record)
                .threads().get(VM_THREAD);
        assertThat(vm.onCpu().get(0).startNanos()).isEqualTo(30_563_360_156_000L);
    }

    @Test
    void calibrationFindsTheTasksWhoseSwitchesOutAreNotRecorded() throws IOException {
        List<SchedEvent> record = events("tracefs-unrecorded-leaver-record.txt");
        assertThat(SwitchRecord.unrecordedLeavers(record)).contains(75).doesNotContain(0, VM_THREAD);
        SwitchRecord r = SwitchRecord.of(record);
        assertThat(r.latestAtOrBefore(1, 30_563_360_516_000L, VM_THREAD)).isEqualTo(30_563_360_351_000L);
        assertThat(r.latestAtOrBefore(1, 30_563_360_351_000L, VM_THREAD)).isEqualTo(30_563_360_351_000L);
        assertThat(r.latestAtOrBefore(1, 30_563_360_351_000L, 24741)).as("not its own switch out: the one before")
                .isEqualTo(30_563_360_340_000L);
        assertThat(r.latestAtOrBefore(7, 30_563_360_351_000L, VM_THREAD)).isEqualTo(Long.MIN_VALUE);
        assertThat(SwitchRecord.unrecordedLeavers(List.of(
                new SchedEvent.Switch(0, 1, 5, "S", 9),
                new SchedEvent.Lost(0, 2),
                new SchedEvent.Switch(0, 3, 8, "S", 4),
                new SchedEvent.Switch(0, 4, 4, "R", 0),
                new SchedEvent.Switch(0, 5, 6, "S", 4)))).as("nothing across a loss; never the idle task")
                .isEmpty();
        assertThat(SwitchRecord.unrecordedLeavers(List.of(
                new SchedEvent.Switch(0, 1, 5, "S", 9),
                new SchedEvent.Switch(0, 2, 8, "S", 7),
                new SchedEvent.Switch(1, 3, 9, "S", 3),
                new SchedEvent.Switch(0, 4, 6, "S", 5)))).as("9 and 7 left unrecorded once; 9 also left recorded")
                .containsExactly(7);
    }

    @Test
    void theKernelFilterIsRangesOfNextPidMergedToFit() {
        assertThat(SwitchInFilter.of(new TreeSet<>(List.of(5, 6, 7, 9, 31502)), 2000))
                .isEqualTo("(next_pid>=5&&next_pid<=7)||next_pid==9||next_pid==31502");
        assertThat(SwitchInFilter.of(new TreeSet<>(List.of(5, 6, 7, 9, 31502)), 45))
                .as("the nearest ranges merged first").isEqualTo("(next_pid>=5&&next_pid<=9)||next_pid==31502");
        assertThat(SwitchInFilter.of(new TreeSet<>(List.of(5, 6, 7, 9, 31502)), 10))
                .isEqualTo("(next_pid>=5&&next_pid<=31502)");
        assertThat(SwitchInFilter.of(new TreeSet<>(List.of(0)), 2000)).as("nothing to record")
                .isEqualTo("next_pid==0&&prev_pid<0");
    }
}
