package io.tunescope.monitor.trace;

import io.tunescope.Notices;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Exact mode's source: a tracefs instance of its own ({@code instances/tunescope-<pid>-<n>}, so other users of tracing
 * are left alone; the name also carries the owner's pid namespace and start time, see {@link StaleInstances}) with {@code sched_switch}, {@code sched_wakeup} and {@code sched_migrate_task} enabled, filtered in
 * the kernel to the monitored threads ({@code set_event_pid} with {@code event-fork}, so threads and child processes
 * started later are followed), on the {@code mono} clock ({@code System.nanoTime()}'s). Both instances' per-CPU ring buffers are
 * read as binary pages while tracing runs ({@link TraceDrainer}, {@link RawTraceReader}: the fields the timelines use
 * are decoded from the bytes at the offsets the kernel's {@code format} files give), so that they never fill; the
 * instances do not overwrite, and a record the kernel had to drop shows as a loss, which the timeline marks.
 * {@code sched_migrate_task} passes the pid filter only when the monitored thread
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
 * <p>The second instance also records {@code sched_stat_runtime}, the scheduler's runtime charges, of the monitored
 * threads and of tasks with higher ids (threads started later, a server's parallel workers among them, get higher
 * ids), but not of the controller's own threads ({@link ChargeFilter}, a kernel filter on the charged task, rewritten
 * at calibration with the threads listed by then), whoever is on the CPU when the charge is made. A charge is often
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
    /**
     * Debug switch: a file to copy the kernel's trace text to at {@link #stop()} (overwritten; the record's to
     * FILE.record). The buffers are then read only at the end, so they must hold the whole session.
     */
    public static final String KEEP_TRACE_ENV = "TUNESCOPE_KEEP_TRACE";
    /** Per CPU and instance while the buffers are drained during the session ({@link TraceDrainer#POLL_MILLIS}). */
    private static final int BUFFER_KB_PER_CPU = 4 * 1024;
    /** Per CPU and instance when nothing is read before the end ({@link #KEEP_TRACE_ENV}). */
    private static final int KEEP_BUFFER_KB_PER_CPU = 16 * 1024;
    private static final long FINISH_TIMEOUT_MILLIS = 10_000;
    /** How long the switch record keeps every switch before it narrows to the unrecorded leavers' switch-ins. */
    public static final long CALIBRATION_MILLIS = 300;
    private final Path instance;
    private final Path recordInstance;
    private final List<String> staleRemoved;
    /** Where the kernel's text of both instances goes at {@link #stop()}; null: drained during the session. */
    private final Path keepText;
    private final Path procRoot;
    private List<SchedEvent.Runtime> charges = List.of();
    private String chargesProblem;
    private RawTraceReader main;
    private RawTraceReader recorded;
    private TraceDrainer drainer;
    private SwitchRecord record = SwitchRecord.NONE;
    private volatile String recordProblem;
    private List<SchedEvent> mainEvents = List.of();
    private List<SchedEvent> recordEvents = List.of();

    private TracefsTracer(Path instance, Path recordInstance, List<String> staleRemoved, Path keepText,
                          Path procRoot) {
        this.instance = instance;
        this.procRoot = procRoot;
        this.recordInstance = recordInstance;
        this.staleRemoved = List.copyOf(staleRemoved);
        this.keepText = keepText;
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
        String keep = System.getenv(KEEP_TRACE_ENV);
        return start(root, pids, procRoot, keep == null || keep.isBlank() ? null : Path.of(keep));
    }

    /**
     * As {@link #start(Path, Collection, Path)}; with {@code keepText}, nothing is read before {@link #stop()}, which
     * first copies the kernel's text of both instances to {@code keepText} and {@code keepText.record}, then reads
     * the same records as binary (calibration is skipped: the record keeps every switch).
     */
    static TracefsTracer start(Path root, Collection<Integer> pids, Path procRoot, Path keepText) throws IOException {
        // a controller killed with kill -9 could not remove its instance, whose buffers stay allocated
        List<String> stale = StaleInstances.remove(root.resolve("instances"), procRoot);
        String name = StaleInstances.nameFor(ProcessHandle.current().pid(), procRoot);
        long n = System.nanoTime();
        Path instance = root.resolve("instances").resolve(name + "-" + n);
        Path recordInstance = root.resolve("instances").resolve(name + "-" + (n + 1));
        Files.createDirectory(instance);
        TracefsTracer t = new TracefsTracer(instance, recordInstance, stale, keepText, procRoot);
        try {
            SortedSet<Integer> tids = TracedTasks.threadsOf(pids, procRoot);
            RingLayout layout = RingLayout.read(root);
            SchedRecordDecoder decoder = SchedRecordDecoder.read(root);
            t.startRecord(tids);
            configure(instance, keepText);
            write(instance.resolve("options/event-fork"), "1");
            write(instance.resolve("set_event_pid"), String.join(" ", tids.stream().map(String::valueOf).toList()));
            for (String e : EVENTS) {
                write(instance.resolve("events/sched").resolve(e).resolve("enable"), "1");
            }
            t.main = RawTraceReader.open(instance, pages(instance, layout), decoder);
            t.recorded = RawTraceReader.open(recordInstance, pages(recordInstance, layout), decoder);
            write(instance.resolve("tracing_on"), "1");
            if (keepText == null) {
                t.drainer = TraceDrainer.start(List.of(t.main, t.recorded), CALIBRATION_MILLIS, t::calibrate);
            }
            return t;
        } catch (IOException | RuntimeException e) {
            t.close();
            throw e;
        }
    }

    /** The clock, the buffer size and no overwriting (a full buffer drops new records, which the reader counts). */
    private static void configure(Path dir, Path keepText) throws IOException {
        write(dir.resolve("trace_clock"), "mono");
        write(dir.resolve("buffer_size_kb"), Integer.toString(keepText == null ? BUFFER_KB_PER_CPU
                : KEEP_BUFFER_KB_PER_CPU));
        write(dir.resolve("options/overwrite"), "0");
    }

    /** {@code layout} with the instance's sub-buffer size, where the kernel lets it differ from the header's. */
    private static RingLayout pages(Path dir, RingLayout layout) throws IOException {
        Path subbuf = dir.resolve("buffer_subbuf_size_kb");
        if (!Files.isRegularFile(subbuf)) {
            return layout;
        }
        return layout.withPageBytes(Integer.parseInt(Files.readString(subbuf).strip()) * 1024);
    }

    /** The instances of tunescope processes that are gone, removed before this one was made. */
    public List<String> staleRemoved() {
        return staleRemoved;
    }

    /** Says on stderr which stale instances were removed, if any (not a problem of this run). */
    public void reportStaleRemoved() {
        if (!staleRemoved.isEmpty()) {
            Notices.say("tunescope: removed trace instances left by tunescope processes that are gone: "
                    + String.join(", ", staleRemoved));
        }
    }

    /**
     * The switch record's instance: every switch, unfiltered, until calibration narrows it; and the runtime charges
     * of the {@code monitored} threads and of later tasks ({@link ChargeFilter}), where the kernel has the tracepoint.
     */
    private void startRecord(SortedSet<Integer> monitored) throws IOException {
        Files.createDirectory(recordInstance);
        configure(recordInstance, keepText);
        write(recordInstance.resolve("events/sched/sched_switch/enable"), "1");
        Path runtime = recordInstance.resolve("events/sched").resolve(RUNTIME_EVENT);
        if (Files.isDirectory(runtime)) {
            write(runtime.resolve("filter"), ChargeFilter.of(monitored, new TreeSet<>(), SwitchInFilter.MAX_CHARS));
            write(runtime.resolve("enable"), "1");
        } else {
            chargesProblem = "the kernel has no sched:" + RUNTIME_EVENT;
        }
        write(recordInstance.resolve("tracing_on"), "1");
    }

    /**
     * After {@link #CALIBRATION_MILLIS}, on the reader's thread: the record keeps only switches into the tasks seen
     * leaving unrecorded (stopped before then, the record holds every switch).
     */
    private void calibrate() {
        try {
            write(recordInstance.resolve("events/sched/sched_switch/filter"), SwitchInFilter.of(
                    SwitchRecord.unrecordedLeavers(recorded.merged()), SwitchInFilter.MAX_CHARS));
            if (chargesProblem == null) { // the threads listed by now: those forked since the start, and our own
                write(recordInstance.resolve("events/sched").resolve(RUNTIME_EVENT).resolve("filter"),
                        ChargeFilter.of(TracedTasks.listed(instance.resolve("set_event_pid")),
                                TracedTasks.threadsOf(List.of((int) ProcessHandle.current().pid()), procRoot),
                                SwitchInFilter.MAX_CHARS));
            }
        } catch (IOException | RuntimeException e) {
            recordProblem = "switch record: " + e.getMessage();
        }
    }

    /** The second instance's switches, as of {@link #stop()} ({@link SwitchRecord#NONE} before, or on failure). */
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
     * Stops tracing, reads what the buffers still hold and returns the events recorded, in trace order, with the
     * record's runtime charges merged in by time (the instances are removed by close).
     */
    public List<SchedEvent> stop() throws IOException {
        write(instance.resolve("tracing_on"), "0");
        String recordOff = null;
        try {
            write(recordInstance.resolve("tracing_on"), "0");
        } catch (IOException e) {
            recordOff = e.getMessage();
        }
        if (drainer != null) {
            drainer.finish(FINISH_TIMEOUT_MILLIS);
        } else {
            Files.copy(instance.resolve("trace"), keepText, StandardCopyOption.REPLACE_EXISTING);
            Files.copy(recordInstance.resolve("trace"), Path.of(keepText + ".record"),
                    StandardCopyOption.REPLACE_EXISTING);
            main.drain();
            recorded.drain();
        }
        mainEvents = main.merged();
        recordEvents = recorded.merged();
        if (recordOff != null) {
            recordProblem = "switch record: " + recordOff;
        }
        stopRecord();
        return merged(mainEvents, charges);
    }

    /** The main instance's events as read at {@link #stop()}, without the charges (tests compare decoders). */
    List<SchedEvent> mainEvents() {
        return mainEvents;
    }

    /** The record instance's events as read at {@link #stop()} (tests compare decoders). */
    List<SchedEvent> recordEvents() {
        return recordEvents;
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
            long t = SchedEvent.nanosOf(e);
            while (t >= 0 && c < charges.size() && charges.get(c).nanos() < t) {
                out.add(charges.get(c++));
            }
            out.add(e);
        }
        out.addAll(charges.subList(c, charges.size()));
        return out;
    }

    /** The switch record and the charges from the record's events; a record that lost events gives no charges. */
    private void stopRecord() {
        if (recordProblem == null) {
            record = SwitchRecord.of(recordEvents);
            if (record.lostMarks() > 0 && chargesProblem == null) {
                chargesProblem = "the switch record lost events, so its runtime charges are incomplete";
            } else if (chargesProblem == null) {
                List<SchedEvent.Runtime> found = new ArrayList<>();
                for (SchedEvent e : recordEvents) {
                    if (e instanceof SchedEvent.Runtime r) {
                        found.add(r);
                    }
                }
                charges = found;
            }
        }
        if (recordProblem != null && charges.isEmpty() && chargesProblem == null) {
            chargesProblem = "no runtime charges (" + recordProblem + ")";
        }
    }

    /** Turns tracing off and removes the instance (also after a failure); errors are ignored, nothing to report. */
    @Override
    public void close() {
        if (drainer != null && !drainer.done()) {
            try {
                drainer.finish(FINISH_TIMEOUT_MILLIS);
            } catch (IOException e) {
                // closing the readers below ends a read that still waits
            }
        }
        for (RawTraceReader r : new RawTraceReader[] {main, recorded}) {
            if (r != null) {
                r.close(); // an open reader keeps its instance
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
