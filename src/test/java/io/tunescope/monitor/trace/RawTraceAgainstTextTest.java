package io.tunescope.monitor.trace;

import io.tunescope.Externals;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The binary decoder against the kernel's own text of the same records: a short exact-mode recording of this JVM
 * (threads that spin, sleep and hand work to each other) is first copied as the {@code trace} text of both instances
 * and then read from the binary buffers; the events, taken to the text's microseconds, and the timelines built from
 * them must be equal event for event.
 */
class RawTraceAgainstTextTest {
    private static final Path PROC = Path.of("/proc");

    @Test
    void binaryAndTextGiveTheSameEventsAndTimelines(@TempDir Path dir) throws Exception {
        Externals.require(TracefsTracer.prepare(TracefsTracer.DEFAULT_ROOT, line -> { }) == null, "root and tracefs");
        Path text = dir.resolve("trace.txt");
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> workload = workload(stop);
        TracefsTracer tracer = TracefsTracer.start(TracefsTracer.DEFAULT_ROOT,
                List.of((int) ProcessHandle.current().pid()), PROC, text);
        try {
            Thread.sleep(400);
            tracer.stop();
        } finally {
            tracer.close();
            stop.set(true);
            for (Thread t : workload) {
                t.join(10_000);
            }
        }
        List<SchedEvent> textMain = parse(text);
        List<SchedEvent> textRecord = parse(Path.of(text + ".record"));
        List<SchedEvent> binaryMain = toMicros(tracer.mainEvents());
        List<SchedEvent> binaryRecord = toMicros(tracer.recordEvents());
        assertThat(textMain).hasSizeGreaterThan(200);
        assertThat(textMain.stream().filter(e -> e instanceof SchedEvent.Wakeup)).isNotEmpty();
        assertThat(textRecord.stream().filter(e -> e instanceof SchedEvent.Runtime)).hasSizeGreaterThan(50);
        assertEqualEvents(binaryMain, textMain);
        assertEqualEvents(binaryRecord, textRecord);

        TraceSummary fromText = timeline(textMain, textRecord);
        TraceSummary fromBinary = timeline(binaryMain, binaryRecord);
        assertThat(fromBinary.threads()).isEqualTo(fromText.threads()).isNotEmpty();
        assertThat(List.of(fromBinary.firstNanos(), fromBinary.lastNanos(), fromBinary.lostMarks()))
                .isEqualTo(List.of(fromText.firstNanos(), fromText.lastNanos(), fromText.lostMarks()));
        assertThat(windows(fromBinary.inferredWindows())).isEqualTo(windows(fromText.inferredWindows()));
    }

    /** Event for event, with the index of the first difference in the message. */
    private static void assertEqualEvents(List<SchedEvent> binary, List<SchedEvent> text) {
        for (int i = 0; i < Math.min(binary.size(), text.size()); i++) {
            assertThat(binary.get(i)).as("event %d of %d", i, text.size()).isEqualTo(text.get(i));
        }
        assertThat(binary).hasSameSizeAs(text);
    }

    private static TraceSummary timeline(List<SchedEvent> main, List<SchedEvent> record) {
        List<SchedEvent.Runtime> charges = record.stream().filter(e -> e instanceof SchedEvent.Runtime)
                .map(e -> (SchedEvent.Runtime) e).toList();
        return SchedTimeline.build(TracefsTracer.merged(main, charges), tid -> true, SwitchRecord.of(record));
    }

    private static Map<Integer, String> windows(Map<Integer, long[]> w) {
        Map<Integer, String> out = new java.util.TreeMap<>();
        w.forEach((tid, v) -> out.put(tid, Arrays.toString(v)));
        return out;
    }

    private static List<SchedEvent> parse(Path file) throws IOException {
        List<SchedEvent> out = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file)) {
            SchedTraceParser.parseAll(in, out);
        }
        return out;
    }

    /** The events with their times rounded to microseconds, as the kernel prints them in the text. */
    static List<SchedEvent> toMicros(List<SchedEvent> events) {
        return events.stream().map(RawTraceAgainstTextTest::toMicros).toList();
    }

    private static SchedEvent toMicros(SchedEvent e) {
        if (e instanceof SchedEvent.Switch s) {
            return new SchedEvent.Switch(s.cpu(), micros(s.nanos()), s.prevTid(), s.prevState(), s.nextTid());
        } else if (e instanceof SchedEvent.Wakeup w) {
            return new SchedEvent.Wakeup(w.cpu(), micros(w.nanos()), w.tid(), w.targetCpu(), w.currentTid());
        } else if (e instanceof SchedEvent.Migrate m) {
            return new SchedEvent.Migrate(m.cpu(), micros(m.nanos()), m.tid(), m.fromCpu(), m.toCpu(),
                    m.currentTid());
        } else if (e instanceof SchedEvent.Runtime r) {
            return new SchedEvent.Runtime(r.cpu(), micros(r.nanos()), r.tid(), r.runtimeNanos(), r.currentTid());
        }
        return e;
    }

    private static long micros(long nanos) {
        return (nanos + 500) / 1000 * 1000; // the kernel's ns2usecs rounds to the nearest microsecond
    }

    /** A thread that spins 2 ms and sleeps 1 ms, and two that hand a token back and forth (wake-ups). */
    private static List<Thread> workload(AtomicBoolean stop) {
        SynchronousQueue<Integer> ping = new SynchronousQueue<>();
        SynchronousQueue<Integer> pong = new SynchronousQueue<>();
        List<Thread> threads = List.of(
                new Thread(() -> {
                    while (!stop.get()) {
                        long end = System.nanoTime() + 2_000_000;
                        while (System.nanoTime() < end) {
                            Thread.onSpinWait();
                        }
                        sleepQuietly();
                    }
                }, "raw-spin"),
                new Thread(() -> relay(stop, ping, pong), "raw-ping"),
                new Thread(() -> relay(stop, pong, ping), "raw-pong"));
        threads.forEach(Thread::start);
        ping.offer(1);
        return threads;
    }

    private static void relay(AtomicBoolean stop, SynchronousQueue<Integer> in, SynchronousQueue<Integer> out) {
        try {
            while (!stop.get()) {
                Integer token = in.poll(10, TimeUnit.MILLISECONDS);
                if (token != null) {
                    out.offer(token, 10, TimeUnit.MILLISECONDS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
