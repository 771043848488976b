package io.tunescope.monitor.jfr;

import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Reads a {@code .jfr} file and groups {@code jdk.JavaMonitorEnter} and {@code jdk.ThreadPark} events by the class
 * of the object waited on, keeping only threads the caller cares about (idle pool threads park too, and that is
 * not contention). Parks without a blocker object ({@code LockSupport.parkNanos(n)}: sleeps, back-off) are left
 * out for the same reason. {@code jdk.ExecutionSample} events of the same threads are counted by their top method.
 */
public final class ContentionAnalyzer {
    private static final int TOP_FRAMES = 5;
    private static final int TOP_PATHS = 3;
    private static final int PATH_DEPTH = 3;
    private static final int TOP_METHODS = 8;

    private final Predicate<String> threadFilter;
    private final Instant from;
    private final Map<String, Group> groups = new HashMap<>();
    private final Map<String, Map<String, Long>> callersByHotMethod = new HashMap<>();
    private long cpuSamples;

    public ContentionAnalyzer(Predicate<String> threadFilter, Instant from) {
        this.threadFilter = threadFilter;
        this.from = from;
    }

    public static ContentionTable analyze(Path jfrFile, Predicate<String> threadFilter) {
        return analyze(jfrFile, threadFilter, Instant.MIN);
    }

    /** Counts only events of matching threads that started at or after {@code from}. */
    public static ContentionTable analyze(Path jfrFile, Predicate<String> threadFilter, Instant from) {
        ContentionAnalyzer analyzer = new ContentionAnalyzer(threadFilter, from);
        try (RecordingFile in = new RecordingFile(jfrFile)) {
            while (in.hasMoreEvents()) {
                analyzer.accept(in.readEvent());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JFR recording " + jfrFile + ": " + e.getMessage(), e);
        }
        return analyzer.table();
    }

    void accept(RecordedEvent event) {
        String type = event.getEventType().getName();
        if (type.equals(ContentionRecording.EXECUTION_SAMPLE)) {
            acceptSample(event);
            return;
        }
        String kind;
        String classField;
        if (type.equals(ContentionRecording.MONITOR_ENTER)) {
            kind = "monitor";
            classField = "monitorClass";
        } else if (type.equals(ContentionRecording.THREAD_PARK)) {
            kind = "park";
            classField = "parkedClass";
        } else {
            return;
        }
        if (event.getStartTime().isBefore(from)) {
            return;
        }
        RecordedThread thread = event.getThread();
        String threadName = thread == null ? "" : String.valueOf(thread.getJavaName());
        if (!threadFilter.test(threadName)) {
            return;
        }
        RecordedClass waitedOn = event.hasField(classField) ? event.getValue(classField) : null;
        if (waitedOn == null && kind.equals("park")) {
            return;
        }
        String className = waitedOn == null ? "(unknown)" : waitedOn.getName();
        List<String> frames = framesOf(event.getStackTrace());
        long nanos = Math.max(0, event.getDuration().toNanos());
        groups.computeIfAbsent(kind + " " + className, k -> new Group(kind, className)).add(nanos, frames);
    }

    private void acceptSample(RecordedEvent sample) {
        RecordedThread thread = sample.hasField("sampledThread") ? sample.getValue("sampledThread") : null;
        if (sample.getStartTime().isBefore(from) || thread == null
                || !threadFilter.test(String.valueOf(thread.getJavaName()))) {
            return;
        }
        List<String> methods = methodsOf(sample.getStackTrace(), 2);
        if (methods.isEmpty()) {
            return;
        }
        cpuSamples++;
        String caller = methods.size() > 1 ? methods.get(1) : "";
        callersByHotMethod.computeIfAbsent(methods.get(0), k -> new HashMap<>()).merge(caller, 1L, Long::sum);
    }

    /** The first {@code limit} frames as {@code class.method}, without line numbers. */
    private static List<String> methodsOf(RecordedStackTrace trace, int limit) {
        List<String> out = new ArrayList<>();
        if (trace == null) {
            return out;
        }
        for (RecordedFrame f : trace.getFrames()) {
            if (f.getMethod() != null && out.size() < limit) {
                out.add(f.getMethod().getType().getName() + "." + f.getMethod().getName());
            }
        }
        return out;
    }

    private List<HotMethod> hotMethods() {
        List<HotMethod> out = new ArrayList<>();
        callersByHotMethod.forEach((method, callers) -> {
            long samples = callers.values().stream().mapToLong(Long::longValue).sum();
            String topCaller = topKeys(callers, 1).get(0);
            out.add(new HotMethod(method, topCaller, samples, (double) samples / cpuSamples));
        });
        out.sort(Comparator.comparingLong(HotMethod::samples).reversed());
        return out.subList(0, Math.min(TOP_METHODS, out.size()));
    }

    ContentionTable table() {
        long totalNanos = groups.values().stream().mapToLong(g -> g.nanos).sum();
        long totalEvents = groups.values().stream().mapToLong(g -> g.events).sum();
        List<LockStat> stats = new ArrayList<>();
        for (Group g : groups.values()) {
            double share = totalNanos == 0 ? 0 : (double) g.nanos / totalNanos;
            stats.add(new LockStat(g.kind, g.className, g.nanos / 1_000_000, g.nanos, g.events, share,
                    topKeys(g.frameNanos, TOP_FRAMES), topKeys(g.pathNanos, TOP_PATHS)));
        }
        stats.sort(Comparator.comparingLong(LockStat::blockedNanos).reversed());
        return new ContentionTable(stats, totalNanos / 1_000_000, totalEvents, hotMethods(), cpuSamples);
    }

    /** Frames as {@code class.method:line}, skipping the park machinery so the first frame is the caller's. */
    static List<String> framesOf(RecordedStackTrace trace) {
        List<String> out = new ArrayList<>();
        if (trace == null) {
            return out;
        }
        for (RecordedFrame f : trace.getFrames()) {
            if (f.getMethod() == null) {
                continue;
            }
            String type = f.getMethod().getType().getName();
            if (out.isEmpty() && isParkMachinery(type)) {
                continue;
            }
            out.add(type + "." + f.getMethod().getName() + ":" + f.getLineNumber());
        }
        return out;
    }

    static boolean isParkMachinery(String type) {
        return type.startsWith("jdk.internal.misc.") || type.startsWith("java.util.concurrent.locks.")
                || type.startsWith("sun.misc.Unsafe");
    }

    private static List<String> topKeys(Map<String, Long> weightByKey, int limit) {
        return weightByKey.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(limit).map(Map.Entry::getKey).toList();
    }

    private static final class Group {
        final String kind;
        final String className;
        long nanos;
        long events;
        final Map<String, Long> frameNanos = new HashMap<>();
        final Map<String, Long> pathNanos = new HashMap<>();

        Group(String kind, String className) {
            this.kind = kind;
            this.className = className;
        }

        void add(long eventNanos, List<String> frames) {
            nanos += eventNanos;
            events++;
            if (!frames.isEmpty()) {
                frameNanos.merge(frames.get(0), eventNanos, Long::sum);
                String path = String.join(" <- ", frames.subList(0, Math.min(PATH_DEPTH, frames.size())));
                pathNanos.merge(path, eventNanos, Long::sum);
            }
        }
    }
}
