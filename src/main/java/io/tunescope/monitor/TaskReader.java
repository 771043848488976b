package io.tunescope.monitor;

import io.tunescope.monitor.proc.ProcFile;
import io.tunescope.monitor.proc.SchedstatParser;
import io.tunescope.monitor.proc.SwitchCountsParser;
import io.tunescope.monitor.proc.TaskStat;
import io.tunescope.monitor.proc.TaskStatParser;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The open /proc files of one thread and its last readings; owned by the sampler thread. Reading allocates nothing:
 * each file is re-read into its own reused buffer and parsed into {@link #scratch} (the hot path runs once per
 * thread per tick; see docs/benchmarks.md, thread monitor overhead).
 */
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
    /** Last state read (R, S, D, ...) and the core it last ran on. */
    char state;
    int core;
    private long utimeTicks;
    private long stimeTicks;
    private final long[] scratch = new long[TaskStatParser.FIELDS];
    long cpuNanos = -1;
    long runDelayNanos = -1;
    long voluntary = -1;
    long involuntary = -1;
    long migrations = -1;
    /** schedstat at the gated sampler's last check (on-CPU ns, run-queue wait ns, timeslices); -1 before the first. */
    private long gateOnCpu = -1;
    private long gateRunDelay = -1;
    private long gateSlices = -1;
    /** The gate read schedstat this tick: the counters take on-CPU time and run-queue wait from it. */
    private boolean gateFresh;
    /** The gate saw the thread run since the counters were last read: they must be read at the next counters tick. */
    boolean countersDue = true;

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
        this.state = first.state();
        this.core = first.core();
        this.utimeTicks = first.utimeTicks();
        this.stimeTicks = first.stimeTicks();
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
            if (n == 0 || !TaskStatParser.parse(stat.bytes(), n, scratch)) {
                return false;
            }
            long utime = scratch[TaskStatParser.UTIME];
            long stime = scratch[TaskStatParser.STIME];
            if (utime > utimeTicks) {
                totals.userTicks.addAndGet(utime - utimeTicks);
            }
            if (stime > stimeTicks) {
                totals.systemTicks.addAndGet(stime - stimeTicks);
            }
            utimeTicks = utime;
            stimeTicks = stime;
            state = (char) scratch[TaskStatParser.STATE];
            core = (int) scratch[TaskStatParser.CORE];
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The gated sampler's test, one {@code pread} of schedstat: true when {@code stat} must be read this tick because
     * the thread ran since the last check (on-CPU time, run-queue wait or timeslices moved: a switch-in adds a
     * timeslice at once, even before the running time is brought up to date), was runnable when its state was last
     * read, is checked for the first time, or its schedstat cannot tell (unreadable, or all zero as on a kernel
     * without sched_info). A thread woken since the last check that still waits for a CPU moves none of the three.
     */
    boolean stateMayHaveChanged() {
        gateFresh = false;
        if (schedstat == null) {
            countersDue = true;
            return true;
        }
        try {
            int n = schedstat.read();
            if (n == 0 || !SchedstatParser.parse(schedstat.bytes(), n, scratch)) {
                countersDue = true;
                return true; // gone or broken: reading stat decides which
            }
        } catch (IOException e) {
            countersDue = true;
            return true;
        }
        boolean moved = scratch[0] != gateOnCpu || scratch[1] != gateRunDelay || scratch[2] != gateSlices
                || scratch[0] == 0 && scratch[2] == 0;
        gateOnCpu = scratch[0];
        gateRunDelay = scratch[1];
        gateSlices = scratch[2];
        gateFresh = true;
        countersDue |= moved;
        return moved || state == 'R';
    }

    /**
     * Reads the cumulative counters. A file that cannot be read or parsed while the thread lives is closed, named
     * in {@link #unmeasured} and its counter becomes -1 for good: returns the name of such a file, else null.
     */
    String readCounters() {
        String failed = null;
        countersDue = false;
        if (schedstat != null) {
            boolean ok = gateFresh;
            if (!ok) {
                try {
                    int n = schedstat.read();
                    ok = n > 0 && SchedstatParser.parse(schedstat.bytes(), n, scratch);
                } catch (IOException e) {
                    ok = false;
                }
            }
            if (ok) {
                long onCpu = gateFresh ? gateOnCpu : scratch[0];
                if (cpuNanos >= 0 && onCpu > cpuNanos) {
                    totals.cpuNanos.addAndGet(onCpu - cpuNanos);
                }
                cpuNanos = onCpu;
                runDelayNanos = gateFresh ? gateRunDelay : scratch[1];
                gateFresh = false;
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
            if (readSwitches(switches)) {
                addDelta(totals.voluntary, voluntary, scratch[0]);
                addDelta(totals.involuntary, involuntary, scratch[1]);
                addDelta(totals.migrations, migrations, scratch[2]);
                voluntary = scratch[0];
                involuntary = scratch[1];
                migrations = scratch[2];
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

    /** Reads the switch counters into {@link #scratch}; false when the file is empty, unreadable or malformed. */
    private boolean readSwitches(ProcFile file) {
        try {
            int n = file.read();
            if (n == 0) {
                return false;
            }
            return file == sched ? SwitchCountsParser.parseSched(file.bytes(), n, scratch)
                    : SwitchCountsParser.parseStatus(file.bytes(), n, scratch);
        } catch (IOException e) {
            return false;
        }
    }

    /** The thread's current name, or null when it is gone or unreadable. */
    static String readComm(java.nio.file.Path procRoot, int pid, int tid) {
        try {
            return java.nio.file.Files.readString(procRoot.resolve(pid + "/task/" + tid + "/comm"),
                    java.nio.charset.StandardCharsets.UTF_8).strip();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** What is lost for a thread whose {@code file} cannot be read, for the problem list. */
    static String consequence(String file) {
        return switch (file) {
            case "schedstat" -> "worker CPU is";
            case "sched" -> "migrations (exact cpu jumps) are";
            default -> "context switches (exact rs jumps) are";
        };
    }

    private static void addDelta(AtomicLong total, long before, long now) {
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
