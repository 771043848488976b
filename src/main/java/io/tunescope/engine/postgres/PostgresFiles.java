package io.tunescope.engine.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** What a PostgreSQL cluster's own files say: its postmaster's pid, and why it refused to start in its log. */
public final class PostgresFiles {
    private PostgresFiles() {
    }

    /** The pid in {@code dataDir/postmaster.pid}; empty when the file is absent or its first line is not a number. */
    public static Optional<Long> postmasterPid(Path dataDir) throws IOException {
        Path file = dataDir.resolve("postmaster.pid");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        String first = Files.readAllLines(file).stream().findFirst().orElse("").trim();
        try {
            return Optional.of(Long.parseLong(first));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * Why the server refused to start, in its own words: the log's lines that say FATAL or name an invalid value (a
     * bad setting), without their prefixes, joined on one line.
     */
    static Optional<String> serverReason(Path log) {
        return serverReason(log, 0);
    }

    /** As {@link #serverReason(Path)}, from the log's lines written after byte {@code offset} only. */
    static Optional<String> serverReason(Path log, long offset) {
        try (var in = Files.newInputStream(log)) {
            in.skipNBytes(Math.min(offset, Files.size(log)));
            List<String> reasons = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> l.contains("FATAL:") || l.contains("invalid value"))
                    .map(l -> l.replaceFirst("^.*?\\b(LOG|FATAL|ERROR):\\s+", "")).distinct().limit(3).toList();
            return reasons.isEmpty() ? Optional.empty() : Optional.of(String.join(" | ", reasons));
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }
}
