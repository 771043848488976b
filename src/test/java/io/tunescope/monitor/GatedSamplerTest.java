package io.tunescope.monitor;

import io.tunescope.BadInputException;
import io.tunescope.monitor.role.DuckDbClassifier;
import io.tunescope.monitor.store.SampleVisitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The gated sampler on a scripted /proc: {@code stat} is read only for threads whose schedstat moved, that were
 * runnable at their last read, or at a counters tick; the others carry their last state. The blind spot is pinned
 * down too: a thread woken but not yet run (stat says R, schedstat unchanged) stays sleeping in the samples.
 */
class GatedSamplerTest {
    private static final int PID = 200;
    private static final int WORKER = 201;
    /** Counters never due between the first sweep and the last. */
    private static final int NO_COUNTERS = 1000;
    @TempDir
    Path dir;

    private FakeProc proc(SamplerMode mode, int countersEvery) {
        FakeProc p = new FakeProc(dir, countersEvery).system(1, 1).sampler(mode);
        p.thread(PID, PID, "java", 'S', 0, 1_000, 3, 0, 0);
        p.thread(PID, WORKER, "duck-t1", 'S', 0, 4_000, 5, 0, 0);
        p.start(List.of(new MonitoredProcess("t1", PID, false, new DuckDbClassifier())));
        return p;
    }

    /** The worker's recorded states, tick by tick, without the final full sweep of {@code stop}. */
    private static String workerStates(FakeProc p, int ticks) {
        try (Recording r = p.stop()) {
            int slot = r.threads().stream().filter(t -> t.tid() == WORKER).findFirst().orElseThrow().slot();
            StringBuilder states = new StringBuilder();
            r.scan(r.startNanos(), r.endNanos(), new SampleVisitor() {
                @Override
                public void checkpoint(Map<Integer, long[]> lastCountersBySlot) {
                }

                @Override
                public void sample(int s, long ts, char state, int core, long cpu, long vol, long invol, long mig,
                                   long delay) {
                    if (s == slot && states.length() < ticks) { // the samples of one thread come in tick order
                        states.append(state);
                    }
                }
            });
            return states.toString();
        }
    }

    /** Woken (R) but not run, then run (schedstat moves), then asleep again with nothing moved since it was R. */
    private static void wakeRunSleep(FakeProc p) {
        p.state(PID, WORKER, "duck-t1", 'R', 0).tickWithoutRescan();
        p.schedstat(PID, WORKER, 9_000, 1_500, 6).state(PID, WORKER, "duck-t1", 'R', 1).tickWithoutRescan();
        p.state(PID, WORKER, "duck-t1", 'S', 1).tickWithoutRescan();
    }

    @Test
    void fullSamplerSeesTheWakeUpAtOnce() {
        FakeProc p = proc(SamplerMode.FULL, NO_COUNTERS);
        wakeRunSleep(p);
        assertThat(workerStates(p, 4)).isEqualTo("SRRS");
    }

    @Test
    void gatedSamplerCarriesSleepUntilTheThreadRunsThenReadsWhileRunnable() {
        FakeProc p = proc(SamplerMode.GATED, NO_COUNTERS);
        wakeRunSleep(p);
        // tick 1: woken, still in the run queue: schedstat unchanged, so the sleep carries over (the blind spot);
        // tick 2: it ran (schedstat moved): read; tick 3: runnable at its last read: read again, asleep now
        assertThat(workerStates(p, 4)).isEqualTo("SSRS");
    }

    @Test
    void aCountersTickReadsTheCountersOfThreadsThatRanSinceTheLastCountersOnly() {
        FakeProc p = proc(SamplerMode.GATED, 4);
        p.schedstat(PID, WORKER, 9_000, 1_500, 6).tickWithoutRescan(); // tick 1: ran and slept again: stat read
        p.tickWithoutRescan();                                          // ticks 2, 3: nothing moved
        p.state(PID, WORKER, "duck-t1", 'R', 0).tickWithoutRescan();    // woken, not run: not seen
        p.tickWithoutRescan();                                          // tick 4: counters, the worker's only
        assertThat(p.stateReads()).containsExactly(10, 4);              // ticks 0 (2), 1 (1), 4 (1)
        List<Long> cpu = new ArrayList<>();
        try (Recording r = p.stop()) {
            int slot = r.threads().stream().filter(t -> t.tid() == WORKER).findFirst().orElseThrow().slot();
            r.scan(r.startNanos(), r.endNanos(), new SampleVisitor() {
                @Override
                public void checkpoint(Map<Integer, long[]> lastCountersBySlot) {
                }

                @Override
                public void sample(int s, long ts, char state, int core, long cpuNanos, long vol, long invol,
                                   long mig, long delay) {
                    if (s == slot && cpuNanos >= 0) {
                        cpu.add(cpuNanos);
                    }
                }
            });
        }
        // the counters tick took the run of tick 1 although schedstat did not move between ticks 3 and 4
        assertThat(cpu.subList(0, 2)).containsExactly(4_000L, 9_000L);
    }

    @Test
    void idleThreadsCostOneSchedstatReadPerTickAndExitsAreStillSeen() {
        FakeProc p = proc(SamplerMode.GATED, NO_COUNTERS);
        for (int i = 0; i < 10; i++) {
            p.tickWithoutRescan();
        }
        assertThat(p.stateReads()).containsExactly(22, 2); // 2 threads x 11 ticks; stat only at the first
        p.vanish(PID, WORKER).tickWithoutRescan();
        try (Recording r = p.stop()) {
            assertThat(r.threads().stream().filter(t -> t.tid() == WORKER).findFirst().orElseThrow().exited())
                    .isTrue();
        }
    }

    @Test
    void withoutAUsableSchedstatEveryTickReadsStat() {
        FakeProc p = proc(SamplerMode.GATED, NO_COUNTERS);
        p.schedstat(PID, PID, 0, 0, 0).schedstat(PID, WORKER, 0, 0, 0); // a kernel without sched_info
        for (int i = 0; i < 4; i++) {
            p.tickWithoutRescan();
        }
        assertThat(p.stateReads()).containsExactly(10, 10);
        p.stop().close();
    }

    @Test
    void fullSamplerReadsStatAtEveryTick() {
        FakeProc p = proc(SamplerMode.FULL, NO_COUNTERS);
        for (int i = 0; i < 4; i++) {
            p.tickWithoutRescan();
        }
        assertThat(p.stateReads()).containsExactly(10, 10);
        p.stop().close();
    }

    @Test
    void samplerNamesParseAndOthersAreBadInput() {
        assertThat(SamplerMode.parse("gated")).isEqualTo(SamplerMode.GATED);
        assertThat(SamplerMode.parse("full")).isEqualTo(SamplerMode.FULL);
        assertThatThrownBy(() -> SamplerMode.parse("fast")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("sampler").hasMessageContaining("fast");
        assertThat(new ArrayList<>(List.of(SamplerMode.values()))).hasSize(2);
    }
}
