package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The local knowledge base of workload mapping: a directory (chosen by the user, or {@link #defaultDirectory()})
 * holding one line per finished tuning session in {@code sessions.jsonl}: the workload's thread-level resource
 * profile and its best configurations. A new session maps its workload to the most similar past one and starts from
 * that one's best configurations. A line that does not read (a crash mid-append) is skipped.
 */
public record KnowledgeBase(Path root) {
    private static final ObjectReader READER = Json.MAPPER.readerFor(Entry.class)
            .without(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public KnowledgeBase {
        Objects.requireNonNull(root, "root");
    }

    /** {@code ~/.tunescope/knowledge}. */
    public static Path defaultDirectory() {
        return Path.of(System.getProperty("user.home"), ".tunescope", "knowledge");
    }

    public Path file() {
        return root.resolve("sessions.jsonl");
    }

    /**
     * One past session: engine, workload, users, scale factor, objective and direction; the profile (feature name to
     * value, see {@code analysis.tune.WorkloadProfiles}); its best configurations, best first; where it was written.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Entry(String engine, String workload, int users, double scaleFactor, String objective,
                        String direction, Map<String, Double> profile, List<Map<String, Object>> bests,
                        String session, String recordedAt) {
        public Entry {
            profile = Map.copyOf(profile);
            bests = List.copyOf(bests);
        }
    }

    /** Every readable entry, oldest first; none when the file does not exist. */
    public List<Entry> entries() {
        if (!Files.isRegularFile(file())) {
            return List.of();
        }
        List<Entry> out = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file(), StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    out.add(READER.readValue(line));
                } catch (IOException torn) {
                    // a line torn by a crash while appending: the other sessions still count
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file() + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** Appends {@code e} as one line, forced to disk. */
    public void append(Entry e) {
        try {
            Files.createDirectories(root);
            String line = Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(e) + "\n";
            try (var ch = java.nio.channels.FileChannel.open(file(), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                ch.write(java.nio.ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8)));
                ch.force(true);
            }
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot append to " + file() + ": " + ex.getMessage(), ex);
        }
    }
}
