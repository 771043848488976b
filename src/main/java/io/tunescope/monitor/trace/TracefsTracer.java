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
 */
public final class TracefsTracer implements AutoCloseable {
    public static final Path DEFAULT_ROOT = Path.of("/sys/kernel/tracing");
    private static final List<String> EVENTS = List.of("sched_switch", "sched_wakeup", "sched_migrate_task");
    /** Debug switch: a file to copy the raw trace text to at {@link #stop()} (overwritten). */
    public static final String KEEP_TRACE_ENV = "TUNESCOPE_KEEP_TRACE";
    private static final int BUFFER_KB_PER_CPU = 16 * 1024;
    private final Path instance;
    private final List<String> staleRemoved;
    private boolean stopped;

    private TracefsTracer(Path instance, List<String> staleRemoved) {
        this.instance = instance;
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
        Path instance = root.resolve("instances").resolve(StaleInstances.nameFor(ProcessHandle.current().pid(),
                procRoot) + "-" + System.nanoTime());
        Files.createDirectory(instance);
        TracefsTracer t = new TracefsTracer(instance, stale);
        try {
            write(instance.resolve("trace_clock"), "mono");
            write(instance.resolve("buffer_size_kb"), Integer.toString(BUFFER_KB_PER_CPU));
            write(instance.resolve("options/event-fork"), "1");
            write(instance.resolve("set_event_pid"), String.join(" ", tids(pids, procRoot)));
            for (String e : EVENTS) {
                write(instance.resolve("events/sched").resolve(e).resolve("enable"), "1");
            }
            write(instance.resolve("tracing_on"), "1");
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

    /** Stops tracing and returns the events recorded, in trace order (the instance is removed by close). */
    public List<SchedEvent> stop() throws IOException {
        write(instance.resolve("tracing_on"), "0");
        stopped = true;
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

    /** Turns tracing off and removes the instance (also after a failure); errors are ignored, nothing to report. */
    @Override
    public void close() {
        try {
            if (!stopped) {
                write(instance.resolve("tracing_on"), "0");
            }
            for (String e : EVENTS) {
                Path enable = instance.resolve("events/sched").resolve(e).resolve("enable");
                if (Files.exists(enable)) {
                    write(enable, "0");
                }
            }
        } catch (IOException | RuntimeException e) {
            // removing the instance below frees its buffers all the same
        }
        try {
            Files.deleteIfExists(instance);
        } catch (IOException e) {
            // a busy instance (a reader still open) stays; its name carries our pid
        }
    }

    static void write(Path file, String value) throws IOException {
        Files.writeString(file, value, StandardCharsets.US_ASCII);
    }
}
