package io.tunescope.monitor.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Exact mode's source: a tracefs instance of its own ({@code instances/tunescope-<pid>-<n>}, so other users of tracing
 * are left alone; the name also carries the owner's pid namespace and start time, see {@link StaleInstances}) with {@code sched_switch}, {@code sched_wakeup} and {@code sched_migrate_task} enabled, filtered in
 * the kernel to the monitored threads ({@code set_event_pid} with {@code event-fork}, so threads and child processes
 * started later are followed), on the {@code mono} clock ({@code System.nanoTime()}'s). The ring buffer is read once,
 * at {@link #stop()}, from the instance's {@code trace} file: an overflow shows there as a CPU buffer that starts late,
 * which the timeline marks as lost. {@code sched_migrate_task} passes the pid filter only when the monitored thread
 * itself runs the migration, so {@link ThreadTrace#migrations()} is a lower bound here; {@link
 * ThreadTrace#coreChanges()} counts every change of CPU between runs.
 *
 * <p>A second instance ({@code <name>-<n+1>}) records {@code sched_switch} without a pid filter: the first
 * {@link #CALIBRATION_MILLIS} every switch, then (kernel event filter on {@code next_pid}, see {@link SwitchInFilter})
 * only switches into the tasks that calibration found leaving the CPU unrecorded ({@link
 * SwitchRecord#unrecordedLeavers}). On 6.18 in this project's sandbox no {@code sched_switch} out of some of its agent's
 * tasks is ever recorded (in any instance, and by perf), so a monitored thread switched in after one of them has no
 * switch-in line anywhere; the switch INTO that task is recorded, and bounds the window the timeline infers ({@link SwitchRecord}).
 *
 * <p>The second instance also records {@code sched_stat_runtime}, the scheduler's runtime charges, for every task
 * from the lowest monitored thread id up (kernel filter {@code pid >= LOWEST}: threads started later, a server's
 * parallel workers among them, get higher ids), whoever is on the CPU when the charge is made. A charge is often
 * made from another task's context (a wake-up onto the thread's CPU, a read of its schedstat), which the main
 * instance's pid filter would drop: charges from there alone read 0.05-1.8 % low against schedstat. They are merged
 * into the main events by time ({@link #stop()}): on-CPU time as schedstat sums it, and where an inferred
 * switch-in happened ({@link SchedTimeline}). A record that lost events gives no charges (then on-CPU time comes
 * from the switch intervals, and {@link #notes()} says so).
 */
public final class TracefsTracer implements AutoCloseable {
    public static final Path DEFAULT_ROOT = Path.of("/sys/kernel/tracing");
    private static final List<String> EVENTS = List.of("sched_switch", "sched_wakeup", "sched_migrate_task");
    /** The kernel's runtime charges: on-CPU time as schedstat sums it (recorded where the kernel has the tracepoint). */
    static final String RUNTIME_EVENT = "sched_stat_runtime";
    /** Debug switch: a file to copy the raw trace text to at {@link #stop()} (overwritten; the record's to FILE.record). */
    public static final String KEEP_TRACE_ENV = "TUNESCOPE_KEEP_TRACE";
    private static final int BUFFER_KB_PER_CPU = 16 * 1024;
    private static final int RECORD_BUFFER_KB_PER_CPU = 16 * 1024;
    /** How long the switch record keeps every switch before it narrows to the unrecorded leavers' switch-ins. */
    public static final long CALIBRATION_MILLIS = 300;
    private final Path instance;
    private final Path recordInstance;
    private final List<String> staleRemoved;
    private List<SchedEvent.Runtime> charges = List.of();
    private String chargesProblem;
    private Thread calibration;
    private SwitchRecord record = SwitchRecord.NONE;
    private volatile String recordProblem;

    private TracefsTracer(Path instance, Path recordInstance, List<String> staleRemoved) {
        this.instance = instance;
        this.recordInstance = recordInstance;
        this.staleRemoved = List.copyOf(staleRemoved);
    }

    /**
     * Mounts tracefs at {@code root} when it is missing and this process may ({@link TracefsMount}), telling
     * {@code say} in one line; then why exact mode cannot run there, in one line, or null when it can.
     */
    public static String prepare(Path root, Consumer<String> say) {
        String mounted = TracefsMount.mountIfMissing(root);
        if (mounted != null) {
            say.accept(mounted);
        }
        return unavailable(root);
    }

    /** Why exact mode cannot run with tracefs at {@code root}, in one line; null when it can. */
    public static String unavailable(Path root) {
        if (!Files.isDirectory(root.resolve("events/sched/sched_switch"))) {
            return "no tracefs with scheduler events at " + root + " (run as root and tunescope mounts it, or mount it: mount -t tracefs nodev " + root + ")";
        }
        for (String e : EVENTS) {
            if (!Files.isDirectory(root.resolve("events/sched").resolve(e))) {
                return "the kernel has no sched:" + e + " tracepoint";
            }
        }
        if (!Files.isDirectory(root.resolve("instances")) || !Files.isWritable(root.resolve("instances"))) {
            return "cannot create a trace instance under " + root.resolve("instances") + " (needs root)";
        }
        return null;
    }

    /**
     * Starts tracing the threads of {@code pids} (and, with event-fork, their later threads and children); fails
     * with an {@link IOException} naming the file that could not be written.
     */
    public static TracefsTracer start(Path root, Collection<Integer> pids, Path procRoot) throws IOException {
        // a controller killed with kill -9 could not remove its instance, whose buffers stay allocated
        List<String> stale = StaleInstances.remove(root.resolve("instances"), procRoot);
        String name = StaleInstances.nameFor(ProcessHandle.current().pid(), procRoot);
        long n = System.nanoTime();
        Path instance = root.resolve("instances").resolve(name + "-" + n);
        Path recordInstance = root.resolve("instances").resolve(name + "-" + (n + 1));
        Files.createDirectory(instance);
        TracefsTracer t = new TracefsTracer(instance, recordInstance, stale);
        try {
            List<String> tids = tids(pids, procRoot);
            t.startRecord(tids.stream().mapToInt(Integer::parseInt).min().orElse(1));
            write(instance.resolve("trace_clock"), "mono");
            write(instance.resolve("buffer_size_kb"), Integer.toString(BUFFER_KB_PER_CPU));
            write(instance.resolve("options/event-fork"), "1");
            write(instance.resolve("set_event_pid"), String.join(" ", tids));
            for (String e : EVENTS) {
                write(instance.resolve("events/sched").resolve(e).resolve("enable"), "1");
            }
            write(instance.resolve("tracing_on"), "1");
            t.calibration = new Thread(t::calibrate, "tunescope-trace-calibration");
            t.calibration.setDaemon(true);
            t.calibration.start();
            return t;
        } catch (IOException | RuntimeException e) {
            t.close();
            throw e;
        }
    }

    private static List<String> tids(Collection<Integer> pids, Path procRoot) {
        Set<Integer> out = new TreeSet<>();
        for (int pid : pids) {
            out.add(pid);
            String[] tasks = procRoot.resolve(Integer.toString(pid)).resolve("task").toFile().list();
            for (String t : tasks == null ? new String[0] : tasks) {
                if (t.chars().allMatch(Character::isDigit) && !t.isEmpty() && t.length() < 10) {
                    out.add(Integer.parseInt(t));
                }
            }
        }
        return out.stream().map(String::valueOf).toList();
    }

    /** The instances of tunescope processes that are gone, removed before this one was made. */
    public List<String> staleRemoved() {
        return staleRemoved;
    }

    /** Says on stderr which stale instances were removed, if any (not a problem of this run). */
    public void reportStaleRemoved() {
        if (!staleRemoved.isEmpty()) {
            System.err.println("tunescope: removed trace instances left by tunescope processes that are gone: "
                    + String.join(", ", staleRemoved));
        }
    }

    /**
     * The switch record's instance: every switch, unfiltered, until calibration narrows it; and the runtime charges
     * of every task from {@code lowestTid} up, where the kernel has the tracepoint.
     */
    private void startRecord(int lowestTid) throws IOException {
        Files.createDirectory(recordInstance);
        write(recordInstance.resolve("trace_clock"), "mono");
        write(recordInstance.resolve("buffer_size_kb"), Integer.toString(RECORD_BUFFER_KB_PER_CPU));
        if (Files.exists(recordInstance.resolve("options/pause-on-trace"))) {
            write(recordInstance.resolve("options/pause-on-trace"), "0"); // calibration reads it while recording
        }
        write(recordInstance.resolve("events/sched/sched_switch/enable"), "1");
        Path runtime = recordInstance.resolve("events/sched").resolve(RUNTIME_EVENT);
        if (Files.isDirectory(runtime)) {
            write(runtime.resolve("filter"), "pid >= " + lowestTid);
            write(runtime.resolve("enable"), "1");
        } else {
            chargesProblem = "the kernel has no sched:" + RUNTIME_EVENT;
        }
        write(recordInstance.resolve("tracing_on"), "1");
    }

    /** After {@link #CALIBRATION_MILLIS}: the record keeps only switches into the tasks seen leaving unrecorded. */
    private void calibrate() {
        try {
            Thread.sleep(CALIBRATION_MILLIS);
            List<SchedEvent> seen = new ArrayList<>();
            try (InputStream in = Files.newInputStream(recordInstance.resolve("trace"))) {
                SchedTraceParser.parseAll(in, seen);
            }
            write(recordInstance.resolve("events/sched/sched_switch/filter"),
                    SwitchInFilter.of(SwitchRecord.unrecordedLeavers(seen), SwitchInFilter.MAX_CHARS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // stopped before calibration: the record holds every switch
        } catch (IOException | RuntimeException e) {
            recordProblem = "switch record: " + e.getMessage();
        }
    }

    /** The second instance's switches, read at {@link #stop()} ({@link SwitchRecord#NONE} before, or on failure). */
    public SwitchRecord switchRecord() {
        return record;
    }

    /**
     * After {@link #stop()}: one line per way the trace falls short of the full method (the switch record missing or
     * partial, on-CPU time not from runtime charges), each saying what that costs; empty when nothing does.
     */
    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        if (recordProblem != null) {
            notes.add("exact mode: " + recordProblem + "; inferred switch-ins not narrowed");
        }
        if (chargesProblem != null) {
            notes.add("exact mode: " + chargesProblem + "; on-CPU time from switch intervals");
        }
        return notes;
    }

    /**
     * Stops tracing and returns the events recorded, in trace order, with the record's runtime charges merged in by
     * time (the instance is removed by close).
     */
    public List<SchedEvent> stop() throws IOException {
        write(instance.resolve("tracing_on"), "0");
        stopRecord();
        List<SchedEvent> events = new ArrayList<>();
        String keep = System.getenv(KEEP_TRACE_ENV);
        if (keep != null && !keep.isBlank()) { // a debug switch: the raw trace text, for recorded test snippets
            Files.copy(instance.resolve("trace"), Path.of(keep), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        try (InputStream in = Files.newInputStream(instance.resolve("trace"))) {
            SchedTraceParser.parseAll(in, events);
        }
        return merged(events, charges);
    }

    /**
     * {@code events} (trace order) with {@code charges} (time order) between them by time; a charge at the same
     * time as an event comes after it. A loss line, which has no time, stays after the event before it.
     */
    static List<SchedEvent> merged(List<SchedEvent> events, List<SchedEvent.Runtime> charges) {
        if (charges.isEmpty()) {
            return events;
        }
        List<SchedEvent> out = new ArrayList<>(events.size() + charges.size());
        int c = 0;
        for (SchedEvent e : events) {
            long t = nanosOf(e);
            while (t >= 0 && c < charges.size() && charges.get(c).nanos() < t) {
                out.add(charges.get(c++));
            }
            out.add(e);
        }
        out.addAll(charges.subList(c, charges.size()));
        return out;
    }

    private static long nanosOf(SchedEvent e) {
        if (e instanceof SchedEvent.Switch s) {
            return s.nanos();
        } else if (e instanceof SchedEvent.Wakeup w) {
            return w.nanos();
        } else if (e instanceof SchedEvent.Migrate m) {
            return m.nanos();
        } else if (e instanceof SchedEvent.Runtime r) {
            return r.nanos();
        } else if (e instanceof SchedEvent.Hotplug h) {
            return h.nanos();
        }
        return -1; // a loss line
    }

    private void stopRecord() {
        try {
            write(recordInstance.resolve("tracing_on"), "0");
            if (calibration != null) {
                calibration.interrupt();
                calibration.join(5_000);
            }
            List<SchedEvent> recorded = new ArrayList<>();
            try (InputStream in = Files.newInputStream(recordInstance.resolve("trace"))) {
                SchedTraceParser.parseAll(in, recorded);
            }
            record = SwitchRecord.of(recorded);
            if (record.lostMarks() > 0 && chargesProblem == null) {
                chargesProblem = "the switch record lost events, so its runtime charges are incomplete";
            } else if (chargesProblem == null) {
                charges = recorded.stream().filter(e -> e instanceof SchedEvent.Runtime)
                        .map(e -> (SchedEvent.Runtime) e).toList();
            }
            String keep = System.getenv(KEEP_TRACE_ENV);
            if (keep != null && !keep.isBlank()) {
                Files.copy(recordInstance.resolve("trace"), Path.of(keep + ".record"),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            recordProblem = "switch record: interrupted while stopping";
        } catch (IOException | RuntimeException e) {
            recordProblem = "switch record: " + e.getMessage();
        }
        if (recordProblem != null && charges.isEmpty() && chargesProblem == null) {
            chargesProblem = "no runtime charges (" + recordProblem + ")";
        }
    }

    /** Turns tracing off and removes the instance (also after a failure); errors are ignored, nothing to report. */
    @Override
    public void close() {
        if (calibration != null) {
            calibration.interrupt();
            try {
                calibration.join(5_000);   // it may hold the record's trace file open, which keeps the instance
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        remove(instance, EVENTS);
        remove(recordInstance, List.of("sched_switch", RUNTIME_EVENT));
    }

    private static void remove(Path dir, List<String> events) {
        try {
            if (Files.exists(dir.resolve("tracing_on"))) {
                write(dir.resolve("tracing_on"), "0");
            }
            for (String e : events) {
                Path enable = dir.resolve("events/sched").resolve(e).resolve("enable");
                if (Files.exists(enable)) {
                    write(enable, "0");
                }
            }
        } catch (IOException | RuntimeException e) {
            // removing the instance below frees its buffers all the same
        }
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a busy instance (a reader still open) stays; its name carries our pid
        }
    }

    static void write(Path file, String value) throws IOException {
        Files.writeString(file, value, StandardCharsets.US_ASCII);
    }
}
