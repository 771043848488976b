package io.tunescope.monitor;

import io.tunescope.monitor.proc.ProcFile;
import io.tunescope.monitor.proc.SchedstatParser;
import io.tunescope.monitor.proc.SwitchCounts;
import io.tunescope.monitor.proc.SwitchCountsParser;
import io.tunescope.monitor.proc.TaskStat;
import io.tunescope.monitor.proc.TaskStatParser;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The open /proc files of one thread and its last readings; owned by the sampler thread. */
final class TaskReader implements AutoCloseable {
    final int slot;
    final int pid;
    final int tid;
    LiveTotals.Group totals;
    final List<String> unmeasured = new ArrayList<>();
    private final ProcFile stat;
    private ProcFile schedstat;
    private ProcFile sched;
    private ProcFile status;
    TaskStat lastStat;
    long cpuNanos = -1;
    long runDelayNanos = -1;
    long voluntary = -1;
    long involuntary = -1;
    long migrations = -1;

    TaskReader(int slot, int pid, int tid, ProcFile stat, ProcFile schedstat, ProcFile sched, ProcFile status,
               TaskStat first, LiveTotals.Group totals) {
        this.slot = slot;
        this.pid = pid;
        this.tid = tid;
        this.stat = stat;
        this.schedstat = schedstat;
        this.sched = sched;
        this.status = sched == null ? status : null;
        if (sched != null && status != null) {
            status.close();
        }
        this.lastStat = first;
        this.totals = totals;
        if (schedstat == null) {
            unmeasured.add("schedstat");
        }
        if (sched == null) {
            unmeasured.add("sched");
        }
        if (sched == null && status == null) {
            unmeasured.add("status");
        }
        totals.threads.incrementAndGet();
    }

    /** Reads {@code stat}; false when the thread is gone (file empty, unreadable or malformed). */
    boolean readStat() {
        try {
            int n = stat.read();
            TaskStat s = n == 0 ? null : TaskStatParser.parse(stat.bytes(), n, false);
            if (s == null) {
                return false;
            }
            totals.userTicks.addAndGet(Math.max(0, s.utimeTicks() - lastStat.utimeTicks()));
            totals.systemTicks.addAndGet(Math.max(0, s.stimeTicks() - lastStat.stimeTicks()));
            lastStat = s;
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Reads the cumulative counters. A file that cannot be read or parsed while the thread lives is closed, named
     * in {@link #unmeasured} and its counter becomes -1 for good: returns the name of such a file, else null.
     */
    String readCounters() {
        String failed = null;
        if (schedstat != null) {
            SchedstatParser.Schedstat s = null;
            try {
                int n = schedstat.read();
                s = n == 0 ? null : SchedstatParser.parse(schedstat.bytes(), n);
            } catch (IOException e) {
                s = null;
            }
            if (s != null) {
                totals.cpuNanos.addAndGet(cpuNanos < 0 ? 0 : Math.max(0, s.onCpuNanos() - cpuNanos));
                cpuNanos = s.onCpuNanos();
                runDelayNanos = s.runDelayNanos();
            } else if (readStat()) {
                schedstat.close();
                schedstat = null;
                cpuNanos = -1;
                runDelayNanos = -1;
                unmeasured.add("schedstat");
                failed = "schedstat";
            }
        }
        ProcFile switches = sched != null ? sched : status;
        if (switches != null) {
            SwitchCounts c = readSwitches(switches);
            if (c != null) {
                addDelta(totals.voluntary, voluntary, c.voluntary());
                addDelta(totals.involuntary, involuntary, c.involuntary());
                addDelta(totals.migrations, migrations, c.migrations());
                voluntary = c.voluntary();
                involuntary = c.involuntary();
                migrations = c.migrations();
            } else if (readStat()) {
                String name = switches == sched ? "sched" : "status";
                switches.close();
                sched = null;
                status = null;
                voluntary = -1;
                involuntary = -1;
                migrations = -1;
                unmeasured.add("sched");
                unmeasured.add("status");
                failed = name;
            }
        }
        return failed;
    }

    private SwitchCounts readSwitches(ProcFile file) {
        try {
            int n = file.read();
            if (n == 0) {
                return null;
            }
            return file == sched ? SwitchCountsParser.parseSched(file.bytes(), n)
                    : SwitchCountsParser.parseStatus(file.bytes(), n);
        } catch (IOException e) {
            return null;
        }
    }

    private static void addDelta(java.util.concurrent.atomic.AtomicLong total, long before, long now) {
        if (before >= 0 && now >= before) {
            total.addAndGet(now - before);
        }
    }

    /** The thread was reclassified: it counts in another group from now on. */
    void moveTo(LiveTotals.Group group) {
        totals.threads.decrementAndGet();
        totals = group;
        totals.threads.incrementAndGet();
    }

    @Override
    public void close() {
        totals.threads.decrementAndGet();
        stat.close();
        for (ProcFile f : new ProcFile[] {schedstat, sched, status}) {
            if (f != null) {
                f.close();
            }
        }
        schedstat = null;
        sched = null;
        status = null;
    }
}
