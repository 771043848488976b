package io.tunescope.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunescope.Notices;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The {@code reportedWarnings} of a summary: every line tunescope reported below the command line while the run's directory
 * was open ({@link Notices}: warnings and notes on what was prepared, started or left out) and the libraries' own
 * warnings in its {@code tunescope.log} ({@link LibraryLog}), counted, with the latest lines listed, so that a
 * reader of the summary alone sees that something was said.
 */
public final class RunWarnings {
    /** The lines listed in a summary; the count includes every line. */
    static final int LISTED = 50;
    public static final String FIELD = "reportedWarnings";
    private static final Map<Path, Long> OPENED = new ConcurrentHashMap<>();

    private RunWarnings() {
    }

    /** Marks the moment {@code dir} was opened for results: its summary counts what was reported from then on. */
    static void opened(Path dir) {
        OPENED.put(key(dir), Notices.mark());
    }

    /**
     * {@code summary} as its document ({@link Documents#stamped}) with {@code reportedWarnings}: {@code count} (the lines
     * reported since the summary's directory was opened, or since this JVM started, plus the library warnings),
     * {@code lines} (the latest reported lines) and {@code libraryWarnings} (lines of tunescope.log at WARN or
     * ERROR).
     */
    public static ObjectNode added(Path summaryFile, Object summary) {
        ObjectNode document = (ObjectNode) Documents.stamped(summaryFile, summary);
        Path dir = summaryFile.toAbsolutePath().getParent();
        Notices.Said said = Notices.since(OPENED.getOrDefault(key(dir), 0L));
        long library = libraryWarnings(dir.resolve(LibraryLog.FILE_NAME));
        ObjectNode warnings = document.putObject(FIELD);
        warnings.put("count", said.count() + library);
        warnings.put("libraryWarnings", library);
        var lines = warnings.putArray("lines");
        said.latest().stream().skip(Math.max(0, said.latest().size() - LISTED)).forEach(lines::add);
        return document;
    }

    /** The lines of the SLF4J simple logger's file that start a WARN or ERROR entry ({@code [thread] [WARN] ...}). */
    static long libraryWarnings(Path log) {
        if (!Files.isRegularFile(log)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(l -> l.contains(" [WARN] ") || l.contains(" [ERROR] ")).count();
        } catch (IOException | java.io.UncheckedIOException e) {
            return 0;   // unreadable (rotated away, not UTF-8): the count says what could be read
        }
    }

    private static Path key(Path dir) {
        return dir.toAbsolutePath().normalize();
    }
}
