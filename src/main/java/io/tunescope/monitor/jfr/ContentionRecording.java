package io.tunescope.monitor.jfr;

import jdk.jfr.Recording;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A JFR recording in this JVM of contended monitor entries ({@code jdk.JavaMonitorEnter}) and parks
 * ({@code jdk.ThreadPark}), both with a 0 ms threshold and stack traces, dumped to a {@code .jfr} file that JDK
 * Mission Control opens.
 */
public final class ContentionRecording implements AutoCloseable {
    public static final String MONITOR_ENTER = "jdk.JavaMonitorEnter";
    public static final String THREAD_PARK = "jdk.ThreadPark";

    private final Recording recording = new Recording();
    private final Path file;

    private ContentionRecording(Path file, Duration threshold) {
        this.file = file;
        recording.setName("tunescope-contention");
        recording.enable(MONITOR_ENTER).withThreshold(threshold).withStackTrace();
        recording.enable(THREAD_PARK).withThreshold(threshold).withStackTrace();
        recording.setToDisk(true);
    }

    /** Starts recording now; {@link #stop()} writes the file. */
    public static ContentionRecording start(Path file, Duration threshold) {
        ContentionRecording r = new ContentionRecording(file, threshold);
        r.recording.start();
        return r;
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
