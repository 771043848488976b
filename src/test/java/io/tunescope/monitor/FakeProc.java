package io.tunescope.monitor;

import io.tunescope.monitor.proc.ClockTicks;
import io.tunescope.monitor.store.RawSampleFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A scripted /proc tree in a temporary directory, and a sampler driven over it with scripted time, so that tests
 * know exactly what the kernel "said". Files are rewritten in place (same inode) so open files see new contents.
 */
final class FakeProc implements AutoCloseable {
    static final long TICK_NANOS = 8_000_000L;
    final Path root;
    private ThreadSampler sampler;
    private RawSampleFile raw;
    private final int countersEvery;
    private long now;
    private long ticks;
    private SamplerMode mode = SamplerMode.FULL;

    FakeProc(Path root) {
        this(root, 1);
    }

    /** @param countersEvery read the cumulative counters only at every n-th tick, as the live monitor may */
    FakeProc(Path root, int countersEvery) {
        this.root = root;
        this.countersEvery = countersEvery;
    }

    /** The sampler to drive (before {@link #start}). */
    FakeProc sampler(SamplerMode m) {
        this.mode = m;
        return this;
    }

    /** Rewrites only a thread's schedstat: on-CPU ns, run-queue wait ns, timeslices. */
    FakeProc schedstat(int pid, int tid, long onCpuNanos, long runDelayNanos, long timeslices) {
        write(root.resolve(pid + "/task/" + tid + "/schedstat"), onCpuNanos + " " + runDelayNanos + " " + timeslices
                + "\n");
        return this;
    }

    /** Rewrites only a thread's stat line with this state and core (CPU ticks 0). */
    FakeProc state(int pid, int tid, String name, char state, int core) {
        StringBuilder stat = new StringBuilder().append(tid).append(" (").append(name).append(") ").append(state);
        for (int field = 4; field <= 52; field++) {
            stat.append(' ').append(field == 39 ? core : 0);
        }
        write(root.resolve(pid + "/task/" + tid + "/stat"), stat + "\n");
        return this;
    }

    /** Thread-ticks swept and stat reads among them so far. */
    long[] stateReads() {
        return sampler.stateReads();
    }

    /** Writes (or rewrites) every per-thread file; pass -1 for a counter to leave its file out. */
    FakeProc thread(int pid, int tid, String name, char state, int core, long cpuNanos, long voluntary,
                    long involuntary, long migrations) {
        Path dir = root.resolve(pid + "/task/" + tid);
        StringBuilder stat = new StringBuilder().append(tid).append(" (").append(name).append(") ").append(state);
        for (int field = 4; field <= 52; field++) {
            stat.append(' ').append(field == 14 ? cpuNanos / (1_000_000_000L / ClockTicks.PER_SECOND) : field == 15 ? 0 : field == 39 ? core : 0);
        }
        write(dir.resolve("stat"), stat + "\n");
        write(dir.resolve("comm"), name + "\n");
        if (cpuNanos >= 0) {
            // run-queue wait scripted as a quarter of the CPU time
            write(dir.resolve("schedstat"), cpuNanos + " " + cpuNanos / 4 + " " + voluntary + "\n");
        }
        if (migrations >= 0) {
            write(dir.resolve("sched"), name + " (" + tid + ", #threads: 1)\n"
                    + "-------------------------------------------------------------------\n"
                    + "se.sum_exec_runtime                          :        1.000000\n"
                    + "se.nr_migrations                             :   " + migrations + "\n"
                    + "nr_switches                                  :   " + (voluntary + involuntary) + "\n"
                    + "nr_voluntary_switches                        :   " + voluntary + "\n"
                    + "nr_involuntary_switches                      :   " + involuntary + "\n");
        }
        if (voluntary >= 0) {
            write(dir.resolve("status"), "Name:\t" + name + "\nState:\t" + state + "\nvoluntary_ctxt_switches:\t"
                    + voluntary + "\nnonvoluntary_ctxt_switches:\t" + involuntary + "\n");
        }
        return this;
    }

    /** The thread names itself after it was created (only comm changes, as with pthread_setname_np). */
    FakeProc rename(int pid, int tid, String name) {
        write(root.resolve(pid + "/task/" + tid + "/comm"), name + "\n");
        return this;
    }

    FakeProc cmdline(int pid, String command) {
        write(root.resolve(pid + "/cmdline"), command.replace(' ', '\0') + "\0");
        return this;
    }

    FakeProc system(long contextSwitches, long busyTicks) {
        write(root.resolve("stat"), "cpu  " + busyTicks + " 0 0 1000 0 0 0 0 0 0\ncpu0 0 0 0 0 0 0 0 0 0 0\n"
                + "intr 1 2 3\nctxt " + contextSwitches + "\nbtime 1\n");
        return this;
    }

    /** The thread exits: open files read empty and the directory is gone from listings. */
    FakeProc vanish(int pid, int tid) {
        deleteTree(root.resolve(pid + "/task/" + tid));
        return this;
    }

    /** The process exits. */
    FakeProc exit(int pid) {
        deleteTree(root.resolve(Integer.toString(pid)));
        return this;
    }

    void start(List<MonitoredProcess> processes) {
        raw = RawSampleFile.create(null);
        sampler = new ThreadSampler(processes, root, raw, now, () -> now, mode);
        sampler.scan(now);
        sampler.sweep(now, true);
        ticks++;
    }

    /** One tick at the next scripted instant: rescan, then sweep with counters. */
    long tick() {
        now += TICK_NANOS;
        sampler.scan(now);
        sampler.sweep(now, ticks % countersEvery == 0);
        ticks++;
        return now;
    }

    /** One tick without looking for new threads (the live monitor rescans only every few ticks). */
    long tickWithoutRescan() {
        now += TICK_NANOS;
        sampler.sweep(now, ticks % countersEvery == 0);
        ticks++;
        return now;
    }

    long now() {
        return now;
    }

    Recording stop() {
        if (ticks % countersEvery != 1 % countersEvery) {
            now += TICK_NANOS; // the live monitor ends with a full sweep; so does this
            sampler.sweep(now, true);
            ticks++;
        }
        sampler.close();
        raw.finish();
        return new Recording(Duration.ofNanos(TICK_NANOS), countersEvery, 0, now, ticks, 0, 0, -1, sampler.threadInfos(),
                sampler.system(), sampler.problems(), raw);
    }

    @Override
    public void close() {
        if (sampler != null) {
            sampler.close();
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                if (Files.isRegularFile(p)) {
                    Files.writeString(p, "");
                }
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
