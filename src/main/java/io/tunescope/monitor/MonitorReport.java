package io.tunescope.monitor;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.tunescope.monitor.proc.ClockTicks;

import java.util.ArrayList;
import java.util.List;

/**
 * The document {@code tunescope monitor --json} prints: one entry per thread over the whole recording, the
 * machine-wide counters, and how the sampler itself did. Values that could not be measured are null.
 */
@JsonPropertyOrder({"mode", "sampler", "statReadPercent", "intervalMillis", "durationMillis", "samples", "ticks",
    "missedTicks", "lateTicks", "selfCpuMillis", "selfCpuMicrosPerSweep", "overheadCpuMillis", "rawFileBytes",
    "threads", "exact", "system", "problems"})
public record MonitorReport(String mode, String sampler, Double statReadPercent, double intervalMillis,
                            double durationMillis, long samples, long ticks, long missedTicks, long lateTicks,
                            Double selfCpuMillis, Double selfCpuMicrosPerSweep,
                            Double overheadCpuMillis, long rawFileBytes, List<ThreadEntry> threads,
                            ExactReport exact, SystemEntry system, List<String> problems) {

    /** One thread over the recording; {@code slot} is its number in the raw samples (samples.tsraw). */
    @JsonPropertyOrder({"slot", "tenant", "pid", "tid", "name", "role", "group", "cpuMillis", "voluntarySwitches",
        "involuntarySwitches", "migrations", "runningSamples", "sleepingSamples", "rsJumpsSampled",
        "coreChangesSampled", "runDelayMillis", "exited"})
    public record ThreadEntry(int slot, String tenant, int pid, int tid, String name, String role, String group,
                              Double cpuMillis, Long voluntarySwitches, Long involuntarySwitches, Long migrations,
                              long runningSamples, long sleepingSamples, long rsJumpsSampled,
                              long coreChangesSampled, Double runDelayMillis, boolean exited) {
    }

    /** Machine-wide counters over the recording. */
    public record SystemEntry(Long contextSwitches, Double cpuMillis) {
    }

    public static MonitorReport of(Recording r) {
        List<ThreadEntry> entries = new ArrayList<>();
        for (ThreadWindow w : WindowAggregator.aggregate(r, r.startNanos(), r.endNanos(), t -> true)) {
            ThreadInfo t = w.thread();
            entries.add(new ThreadEntry(t.slot(), t.tenant(), t.pid(), t.tid(), t.name(), t.role().label(), t.group(),
                    w.cpuNanos() == null ? null : w.cpuNanos() / 1e6, w.voluntarySwitches(),
                    w.involuntarySwitches(), w.migrations(), w.runningSamples(), w.sleepingSamples(),
                    w.rsJumpsSampled(), w.coreChangesSampled(),
                    w.runDelayNanos() == null ? null : w.runDelayNanos() / 1e6, t.exited()));
        }
        long[] sys = r.system().delta(r.startNanos(), r.endNanos());
        SystemEntry system = sys == null ? new SystemEntry(null, null)
                : new SystemEntry(sys[0], ClockTicks.toMillis(sys[1]));
        Double self = r.selfCpuNanos() < 0 ? null : r.selfCpuNanos() / 1e6;
        Double perSweep = r.selfCpuNanos() < 0 || r.ticks() == 0 ? null : r.selfCpuNanos() / 1e3 / r.ticks();
        return new MonitorReport("sample", r.samplerUse().sampler(), r.samplerUse().statReadPercent(),
                r.interval().toNanos() / 1e6, (r.endNanos() - r.startNanos()) / 1e6,
                r.samples(), r.ticks(), r.missedTicks(), r.lateTicks(), self, perSweep, null, r.rawFileBytes(),
                entries, null, system, r.problems());
    }

    /**
     * This report as a session saw it: {@code mode} "sample" or "exact" (with {@code exact} then set), the whole
     * process's CPU time over the session measured outside the sampler, and problems added (e.g. why exact mode fell
     * back to sampling).
     */
    public MonitorReport withSession(String sessionMode, Double overheadMillis, ExactReport exactReport,
                                     List<String> moreProblems) {
        List<String> all = new ArrayList<>(moreProblems);
        all.addAll(problems);
        return new MonitorReport(sessionMode, sampler, statReadPercent, intervalMillis, durationMillis, samples,
                ticks, missedTicks, lateTicks,
                selfCpuMillis, selfCpuMicrosPerSweep, overheadMillis, rawFileBytes, threads, exactReport, system,
                List.copyOf(all));
    }
}
