package io.tunescope.monitor;

import io.tunescope.monitor.proc.ProcFile;
import io.tunescope.monitor.proc.SystemStat;
import io.tunescope.monitor.proc.SystemStatParser;
import io.tunescope.monitor.proc.TaskStat;
import io.tunescope.monitor.proc.TaskStatParser;
import io.tunescope.monitor.role.Classification;
import io.tunescope.monitor.role.ThreadIdentity;
import io.tunescope.monitor.store.RawSampleFile;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * One sweep over every thread of the monitored processes, and the discovery of new threads and processes. Pure
 * mechanics without timing: {@link ThreadMonitor} calls it on its own thread at each tick; tests call it directly
 * against a recorded /proc tree.
 */
final class ThreadSampler implements AutoCloseable {
    private final List<MonitoredProcess> processes;
    private final Path procRoot;
    private final RawSampleFile raw;
    private final LiveTotals totals = new LiveTotals();
    private final SystemSeries system = new SystemSeries();
    private final List<TaskReader> live = new ArrayList<>();
    private final Map<Long, TaskReader> byKey = new HashMap<>();
    private final List<ThreadDraft> threads = new ArrayList<>();
    private final Set<String> problems = new LinkedHashSet<>();
    private final Set<Integer> goneProcesses = new HashSet<>();
    private final ProcFile systemStat;
    private final ThreadCountProbe[] threadCounts;
    private final long startNanos;
    private final LongSupplier clock;
    private final boolean gated;
    private long stateChecks;
    private long statReads;
    private boolean firstScan = true;
    /** Rescans during which a new thread's name is checked again. */
    private static final int NAME_CHECKS = 3;
    /** Rescans for a new thread named like another of its process (inherited from its creator until it names itself). */
    private static final int PARENT_NAME_CHECKS = 64;
    /** Ticks during which a forked child without a title of its own is checked again. */
    private static final int UNTITLED_CHECKS = 16;

    ThreadSampler(List<MonitoredProcess> processes, Path procRoot, RawSampleFile raw, long startNanos,
                  LongSupplier clock) {
        this(processes, procRoot, raw, startNanos, clock, SamplerMode.FULL);
    }

    /** @param clock the sample clock: {@code System::nanoTime} except in tests that script time */
    ThreadSampler(List<MonitoredProcess> processes, Path procRoot, RawSampleFile raw, long startNanos,
                  LongSupplier clock, SamplerMode mode) {
        this.clock = clock;
        this.gated = mode == SamplerMode.GATED;
        this.processes = List.copyOf(processes);
        this.procRoot = procRoot;
        this.raw = raw;
        this.startNanos = startNanos;
        this.systemStat = ProcFile.openOrNull(procRoot.resolve("stat"), 8192);
        this.threadCounts = this.processes.stream().map(p -> new ThreadCountProbe(procRoot, p.pid()))
                .toArray(ThreadCountProbe[]::new);
        if (systemStat == null) {
            problems.add("/proc/stat unreadable: totalCpuMillis and contextSwitches not measured");
        }
    }

    /**
     * Lists the threads of every process (and descendants where asked) and opens files for new ones; re-reads the
     * names of recently found threads, since a thread is often seen between its creation (when it still carries
     * its parent's name) and the moment it names itself. A process without children whose thread count has not
     * changed is not listed again ({@link ThreadCountProbe}).
     */
    void scan(long nowNanos) {
        recheckNames();
        for (int i = 0; i < processes.size(); i++) {
            MonitoredProcess p = processes.get(i);
            if (!firstScan && !p.includeChildren() && threadCounts[i].threads() == liveThreadsOf(p.pid())) {
                continue;
            }
            Map<Integer, String> cmdlines = new HashMap<>();
            List<Integer> pids = new ArrayList<>();
            pids.add(p.pid());
            if (!Files.isDirectory(procRoot.resolve(Integer.toString(p.pid())))) {
                reportGone(p.pid(), nowNanos);
                continue;
            }
            if (p.includeChildren()) {
                ProcTree.collectDescendants(procRoot, p.pid(), pids, 0);
            }
            for (int pid : pids) {
                String[] tids = new File(procRoot.resolve(Integer.toString(pid)).resolve("task").toString()).list();
                if (tids == null) {
                    continue;
                }
                Arrays.sort(tids, Comparator.comparingInt(ProcTree::parseId));
                for (String t : tids) {
                    int tid = ProcTree.parseId(t);
                    if (tid > 0 && !byKey.containsKey(key(pid, tid))) {
                        discover(p, pid, tid, cmdlines, nowNanos);
                    }
                }
            }
        }
        firstScan = false;
    }

    /**
     * Reads state and core of every live thread, and the counters too when {@code counters}. Gated: only of threads
     * whose schedstat says they may have changed (and, at a counters tick, the counters of those that ran since the
     * counters were last read: a thread that has not run has the same counters); the others keep their last.
     */
    void sweep(long tickNanos, boolean counters) {
        raw.beginTick(tickNanos);
        if (counters && systemStat != null) {
            readSystem(tickNanos);
        }
        for (int i = 0; i < live.size(); i++) {
            TaskReader r = live.get(i);
            long ts = clock.getAsLong();
            stateChecks++;
            boolean read = !gated || r.stateMayHaveChanged();
            if (read || counters && r.countersDue) {
                statReads++;
                if (!r.readStat()) {
                    retire(r, i--);
                    continue;
                }
            }
            recheckUntitled(r);
            if (counters && (!gated || r.countersDue)) {
                String failed = r.readCounters();
                if (failed != null) {
                    problems.add(failed + " unreadable for some threads (e.g. " + r.pid + "/" + r.tid + "): "
                            + TaskReader.consequence(failed) + " null for them");
                }
            }
            raw.sample(r.slot, ts, r.state, r.core, counters ? r.cpuNanos : -1,
                    counters ? r.voluntary : -1, counters ? r.involuntary : -1, counters ? r.migrations : -1,
                    counters ? r.runDelayNanos : -1);
            threads.get(r.slot).lastSeenNanos = ts;
        }
        raw.endTick();
    }

    private int liveThreadsOf(int pid) {
        int n = 0;
        for (int i = 0; i < live.size(); i++) {
            n += live.get(i).pid == pid ? 1 : 0;
        }
        return n;
    }

    private void readSystem(long tickNanos) {
        try {
            int n = systemStat.read();
            SystemStat s = SystemStatParser.parse(systemStat.bytes(), n);
            if (s != null) {
                system.add(tickNanos, s);
                return;
            }
        } catch (IOException e) {
            // fall through: reported once below
        }
        problems.add("/proc/stat could not be parsed: totalCpuMillis and contextSwitches not measured");
    }

    private void discover(MonitoredProcess p, int pid, int tid, Map<Integer, String> cmdlines, long nowNanos) {
        Path dir = procRoot.resolve(Integer.toString(pid)).resolve("task").resolve(Integer.toString(tid));
        ProcFile stat = ProcFile.openOrNull(dir.resolve("stat"), 512);
        TaskStat first = null;
        try {
            if (stat != null && stat.read() > 0) {
                first = TaskStatParser.parse(stat.bytes(), stat.length(), true);
            }
        } catch (IOException e) {
            first = null;
        }
        if (first == null) {
            if (stat != null) {
                stat.close();
            }
            return; // vanished between listing and reading, or not a thread we can read: nothing to sample
        }
        String cmd = cmdlines.computeIfAbsent(pid, pid1 -> ProcTree.cmdline(procRoot, pid1));
        Classification c = p.classifier().classify(new ThreadIdentity(pid, tid, first.comm(), cmd));
        int slot = threads.size();
        LiveTotals.Group group = totals.group(new GroupKey(p.tenant(), c.role(), c.group()));
        TaskReader r = new TaskReader(slot, pid, tid, stat, ProcFile.openOrNull(dir.resolve("schedstat"), 128),
                ProcFile.openOrNull(dir.resolve("sched"), 4096), ProcFile.openOrNull(dir.resolve("status"), 2048),
                first, group);
        for (String missing : r.unmeasured) {
            problems.add(missing + " unreadable for some threads (e.g. " + pid + "/" + tid + "): "
                    + TaskReader.consequence(missing) + " null for them");
        }
        ThreadDraft draft = new ThreadDraft(slot, p, cmd, pid, tid, first.comm(), c, nowNanos, firstScan, r.unmeasured);
        if (pid != p.pid()) {
            draft.parentCommand = cmdlines.computeIfAbsent(p.pid(), pid1 -> ProcTree.cmdline(procRoot, pid1));
            draft.untitledTicksLeft = cmd.equals(draft.parentCommand) ? UNTITLED_CHECKS : 0;
        }
        for (int i = 0; i < live.size(); i++) {
            if (live.get(i).pid == pid && threads.get(live.get(i).slot).name.equals(first.comm())) {
                draft.namesLeftToCheck = PARENT_NAME_CHECKS; // a busy machine may run it only much later
            }
        }
        threads.add(draft);
        byKey.put(key(pid, tid), r);
        live.add(r);
    }

    private void recheckNames() {
        for (TaskReader r : live) {
            ThreadDraft d = threads.get(r.slot);
            if (d.namesLeftToCheck > 0) {
                d.namesLeftToCheck--;
                recheck(r, d);
            }
        }
    }

    /**
     * A child process still carrying its parent's command line has not set its title yet (a PostgreSQL backend or
     * parallel worker right after the fork); parallel workers can be gone within a few ticks, so such processes
     * are checked at every tick until they have a title of their own.
     */
    private void recheckUntitled(TaskReader r) {
        ThreadDraft d = threads.get(r.slot);
        if (d.untitledTicksLeft > 0) {
            d.untitledTicksLeft--;
            recheck(r, d);
            if (!d.processCommand.equals(d.parentCommand)) {
                d.untitledTicksLeft = 0;
            }
        }
    }

    private void recheck(TaskReader r, ThreadDraft d) {
        String name = TaskReader.readComm(procRoot, r.pid, r.tid);
        // a forked server process (a PostgreSQL backend) sets its title in its command line after the fork
        String command = d.processCommand;
        if (r.pid != d.process.pid()) {
            String now = ProcTree.cmdline(procRoot, r.pid);
            command = now.isEmpty() ? command : now; // empty: the process is gone or unreadable; keep what we had
        }
        if (name == null || name.equals(d.name) && command.equals(d.processCommand)) {
            return;
        }
        Classification c = d.process.classifier().classify(new ThreadIdentity(r.pid, r.tid, name, command));
        d.name = name;
        d.processCommand = command;
        if (!c.equals(d.classification)) {
            d.classification = c;
            r.moveTo(totals.group(new GroupKey(d.tenant, c.role(), c.group())));
        }
    }

    private void retire(TaskReader r, int index) {
        live.remove(index);
        byKey.remove(key(r.pid, r.tid));
        threads.get(r.slot).exited = true;
        r.close();
    }

    private void reportGone(int pid, long nowNanos) {
        if (goneProcesses.add(pid)) {
            problems.add(firstScan ? "pid " + pid + " does not exist: not monitored"
                    : String.format(Locale.ROOT, "pid %d exited %.3f s after the start: its threads end there",
                    pid, (nowNanos - startNanos) / 1e9));
        }
    }

    private static long key(int pid, int tid) {
        return ((long) pid << 32) | (tid & 0xFFFFFFFFL);
    }

    /** Thread-ticks swept, and those among them whose {@code stat} was read (all of them unless gated). */
    long[] stateReads() {
        return new long[] {stateChecks, statReads};
    }

    int liveThreads() {
        return live.size();
    }

    LiveTotals totals() {
        return totals;
    }

    SystemSeries system() {
        return system;
    }

    List<String> problems() {
        return List.copyOf(problems);
    }

    List<ThreadInfo> threadInfos() {
        List<ThreadInfo> out = new ArrayList<>(threads.size());
        for (ThreadDraft d : threads) {
            out.add(new ThreadInfo(d.slot, d.tenant, d.pid, d.tid, d.name, d.classification.role(),
                    d.classification.group(), d.firstSeenNanos, d.lastSeenNanos, d.presentAtStart, d.exited,
                    d.unmeasured, d.process.classifier().connectionPid(
                            new ThreadIdentity(d.pid, d.tid, d.name, d.processCommand))));
        }
        return out;
    }

    @Override
    public void close() {
        for (TaskReader r : live) {
            r.close();
        }
        live.clear();
        byKey.clear();
        if (systemStat != null) {
            systemStat.close();
        }
        for (ThreadCountProbe t : threadCounts) {
            t.close();
        }
    }

    /** Mutable bookkeeping of one thread until the recording ends. */
    private static final class ThreadDraft {
        final int slot;
        final String tenant;
        final int pid;
        final int tid;
        final MonitoredProcess process;
        String processCommand;
        String name;
        Classification classification;
        int namesLeftToCheck = NAME_CHECKS;
        String parentCommand = "";
        int untitledTicksLeft;
        final long firstSeenNanos;
        final boolean presentAtStart;
        final List<String> unmeasured;
        long lastSeenNanos;
        boolean exited;

        ThreadDraft(int slot, MonitoredProcess process, String processCommand, int pid, int tid, String name,
                    Classification classification, long firstSeenNanos, boolean presentAtStart,
                    List<String> unmeasured) {
            this.process = process;
            this.processCommand = processCommand;
            this.tenant = process.tenant();
            this.slot = slot;
            this.pid = pid;
            this.tid = tid;
            this.name = name;
            this.classification = classification;
            this.firstSeenNanos = firstSeenNanos;
            this.lastSeenNanos = firstSeenNanos;
            this.presentAtStart = presentAtStart;
            this.unmeasured = unmeasured;
        }
    }
}
