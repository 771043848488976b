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
 * <p>Where the kernel has it, {@code sched_stat_runtime} is recorded too: the scheduler's runtime charges, which
 * give on-CPU time as {@code schedstat} sums it and tell where an inferred switch-in happened ({@link SchedTimeline}).
 * A thread reading the traced threads' schedstat charges them from its own CPU, so it must be followed
 * ({@link #followCurrentThread()}).
 */
public final class TracefsTracer implements AutoCloseable {
    public static final Path DEFAULT_ROOT = Path.of("/sys/kernel/tracing");
    private static final List<String> EVENTS = List.of("sched_switch", "sched_wakeup", "sched_migrate_task");
    /** The kernel's runtime charges: on-CPU time as schedstat sums it (used where the kernel has the tracepoint). */
    static final String RUNTIME_EVENT = "sched_stat_runtime";
    /** Debug switch: a file to copy the raw trace text to at {@link #stop()} (overwritten; the record's to FILE.record). */
    public static final String KEEP_TRACE_ENV = "TUNESCOPE_KEEP_TRACE";
    private static final int BUFFER_KB_PER_CPU = 16 * 1024;
    private static final int RECORD_BUFFER_KB_PER_CPU = 8 * 1024;
    /** How long the switch record keeps every switch before it narrows to the unrecorded leavers' switch-ins. */
    public static final long CALIBRATION_MILLIS = 300;
    private final Path instance;
    private final Path recordInstance;
    private final List<String> staleRemoved;
    private final Set<Integer> readers = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private boolean runtimeCharges;
    private Thread calibration;
    private SwitchRecord record = SwitchRecord.NONE;
    private volatile String recordProblem;

    private TracefsTracer(Path instance, Path recordInstance, List<String> staleRemoved) {
        this.instance = instance;
        this.recordInstance = recordInstance;
        this.staleRemoved = List.copyOf(staleRemoved);
    }

    /** Why exact mode cannot run with tracefs at {@code root}, in one line; null when it can. */
    public static String unavailable(Path root) {
        if (!Files.isDirectory(root.resolve("events/sched/sched_switch"))) {
            return "no tracefs with scheduler events at " + root + " (mount it: mount -t tracefs nodev " + root + ")";
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
            t.startRecord();
            write(instance.resolve("trace_clock"), "mono");
            write(instance.resolve("buffer_size_kb"), Integer.toString(BUFFER_KB_PER_CPU));
            write(instance.resolve("options/event-fork"), "1");
            write(instance.resolve("set_event_pid"), String.join(" ", tids(pids, procRoot)));
            for (String e : EVENTS) {
                write(instance.resolve("events/sched").resolve(e).resolve("enable"), "1");
            }
            Path runtime = instance.resolve("events/sched").resolve(RUNTIME_EVENT).resolve("enable");
            if (Files.exists(runtime)) {
                write(runtime, "1");
                t.runtimeCharges = true;
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

    /**
     * Follows the calling thread too, a reader of the traced threads' {@code schedstat}: reading a running thread's
     * CPU time charges it its runtime so far, from the reader's CPU, and the instance records only the followed
     * threads' events, so a reader not followed would take those charges out of the trace (the reader then has a
     * timeline of its own, which nothing reads unless it is a monitored thread itself). Idempotent; a failure is
     * ignored (the charges it loses stay lost).
     */
    public void followCurrentThread() {
        int tid = currentTid();
        if (tid <= 0 || !readers.add(tid)) {
            return;
        }
        try {
            Files.writeString(instance.resolve("set_event_pid"), " " + tid, StandardCharsets.US_ASCII,
                    java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.APPEND); // no truncate: adds
        } catch (IOException | RuntimeException e) {
            readers.remove(tid);
        }
    }

    /** Whether the kernel records runtime charges here ({@code sched_stat_runtime}): on-CPU time comes from them. */
    public boolean runtimeCharges() {
        return runtimeCharges;
    }

    /** The calling thread's id from {@code /proc/thread-self} ({@code PID/task/TID}); -1 where it cannot be read. */
    static int currentTid() {
        try {
            String link = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
            return Integer.parseInt(link.substring(link.lastIndexOf('/') + 1));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
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

    /** The switch record's instance: every switch, unfiltered, until calibration narrows it. */
    private void startRecord() throws IOException {
        Files.createDirectory(recordInstance);
        write(recordInstance.resolve("trace_clock"), "mono");
        write(recordInstance.resolve("buffer_size_kb"), Integer.toString(RECORD_BUFFER_KB_PER_CPU));
        if (Files.exists(recordInstance.resolve("options/pause-on-trace"))) {
            write(recordInstance.resolve("options/pause-on-trace"), "0"); // calibration reads it while recording
        }
        write(recordInstance.resolve("events/sched/sched_switch/enable"), "1");
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

    /** Why the switch record is missing or partial, in one line; null when it is whole. */
    public String switchRecordProblem() {
        return recordProblem;
    }

    /** Stops tracing and returns the events recorded, in trace order (the instance is removed by close). */
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
        return events;
    }

    private void stopRecord() {
        try {
            write(recordInstance.resolve("tracing_on"), "0");
            if (calibration != null) {
                calibration.interrupt();
                calibration.join(5_000);
            }
            List<SchedEvent> switches = new ArrayList<>();
            try (InputStream in = Files.newInputStream(recordInstance.resolve("trace"))) {
                SchedTraceParser.parseAll(in, switches);
            }
            record = SwitchRecord.of(switches);
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
        List<String> all = new ArrayList<>(EVENTS);
        all.add(RUNTIME_EVENT);
        remove(instance, all);
        remove(recordInstance, List.of("sched_switch"));
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
