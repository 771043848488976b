package io.tunescope.monitor.jfr;

import jdk.jfr.Recording;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A JFR recording in this JVM of contended monitor entries ({@code jdk.JavaMonitorEnter}) and parks
 * ({@code jdk.ThreadPark}), both with a 0 ms threshold and stack traces, and of where threads run
 * ({@code jdk.ExecutionSample} every 10 ms), dumped to a {@code .jfr} file that JDK Mission Control opens.
 */
public final class ContentionRecording implements AutoCloseable {
    public static final String MONITOR_ENTER = "jdk.JavaMonitorEnter";
    public static final String THREAD_PARK = "jdk.ThreadPark";
    public static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
    static final Duration SAMPLE_PERIOD = Duration.ofMillis(10);

    private static boolean primed;

    private final Recording recording = new Recording();
    private final Path file;

    private ContentionRecording(Path file, Duration threshold) {
        this.file = file;
        recording.setName("tunescope-contention");
        recording.enable(MONITOR_ENTER).withThreshold(threshold).withStackTrace();
        recording.enable(THREAD_PARK).withThreshold(threshold).withStackTrace();
        recording.enable(EXECUTION_SAMPLE).withPeriod(SAMPLE_PERIOD);
        recording.setToDisk(true);
    }

    /** Starts recording now; {@link #stop()} writes the file. */
    public static ContentionRecording start(Path file, Duration threshold) {
        ContentionRecording r = new ContentionRecording(file, threshold);
        r.recording.start();
        return r;
    }

    /**
     * Starts and stops an empty recording with the same events, once per JVM, before anything is measured. The
     * first recording started in a JVM deoptimizes most of the compiled code, and until the JIT has compiled it
     * again the JVM runs at a small fraction of its throughput; later recordings deoptimize nothing. Priming at
     * start-up, when little is compiled, moves that cost out of every measurement, so a recorded point runs as fast
     * as an unrecorded one (docs/benchmarks.md, cost of the JFR recording).
     */
    public static synchronized void prime() {
        if (primed) {
            return;
        }
        try (Recording warm = new Recording()) {
            warm.enable(MONITOR_ENTER).withThreshold(Duration.ofDays(1)).withStackTrace();
            warm.enable(THREAD_PARK).withThreshold(Duration.ofDays(1)).withStackTrace();
            warm.enable(EXECUTION_SAMPLE).withPeriod(SAMPLE_PERIOD);
            warm.start();
            warm.stop();
        }
        primed = true;
    }

    /** Stops and writes the recording; returns the file. */
    public Path stop() {
        try {
            recording.stop();
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            recording.dump(file);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JFR recording " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        recording.close();
    }
}
