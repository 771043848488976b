package io.tunescope.tune.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunescope.BadInputException;
import io.tunescope.store.Json;
import io.tunescope.tune.space.SearchSpace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The durable trial log: one JSON object per line, a {@code session} header first, then one {@code trial} line per
 * completed trial, each written and {@code fsync}ed before the session moves on, so a {@code kill -9} loses at most
 * the trial that was running. A torn last line (killed mid-write) is dropped when the journal is reopened.
 */
public final class Journal implements AutoCloseable {
    public static final String FILE_NAME = "journal.jsonl";

    /** What the header records, checked on resume. */
    public record Header(String strategy, long seed, String direction, String space) {
    }

    private final Path file;
    private final FileChannel channel;

    private Journal(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** Starts a new journal in {@code dir}; fails if one exists there already (use resume). */
    public static Journal create(Path dir, Header header) {
        Path file = dir.resolve(FILE_NAME);
        try {
            Files.createDirectories(dir);
            if (Files.exists(file) && Files.size(file) > 0) {
                throw BadInputException.of("output directory", dir, "already holds a journal; use --resume to continue it");
            }
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
            Journal j = new Journal(file, ch);
            ObjectNode node = Json.MAPPER.valueToTree(header);
            node.put("type", "session");
            j.appendLine(node);
            return j;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create journal " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reopens the journal in {@code dir} for appending, after cutting off a torn last line. */
    public static Journal reopen(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.READ);
            long keep = completeLength(Files.readAllBytes(file));
            ch.truncate(keep);
            ch.position(keep);
            return new Journal(file, ch);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reopen journal " + file + ": " + e.getMessage(), e);
        }
    }

    private static long completeLength(byte[] bytes) {
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] != '\n') {
            end--;
        }
        return end;
    }

    public Path file() {
        return file;
    }

    public void append(TrialRecord record) {
        ObjectNode node = Json.MAPPER.createObjectNode();
        node.put("type", "trial");
        node.setAll((ObjectNode) Json.MAPPER.valueToTree(record));
        appendLine(node);
    }

    private void appendLine(JsonNode node) {
        try {
            String line = Json.MAPPER.writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(node) + "\n";
            ByteBuffer buf = ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8));
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
            channel.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to journal " + file + ": " + e.getMessage(), e);
        }
    }

    /** The header and completed trials of the journal in {@code dir} (a torn last line is ignored). */
    public static Contents read(Path dir, SearchSpace space) {
        Path file = dir.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            throw BadInputException.of("resume directory", dir, "holds no " + FILE_NAME);
        }
        try {
            byte[] bytes = Files.readAllBytes(file);
            String text = new String(bytes, 0, (int) completeLength(bytes), StandardCharsets.UTF_8);
            Header header = null;
            List<TrialRecord> trials = new ArrayList<>();
            int lineNo = 0;
            for (String line : text.split("\n")) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode node = parseLine(file, lineNo, line);
                String type = node.path("type").asText();
                if (type.equals("session")) {
                    header = new Header(node.path("strategy").asText(), node.path("seed").asLong(),
                            node.path("direction").asText(), node.path("space").asText());
                } else if (type.equals("trial")) {
                    trials.add(toRecord(node, space, file, lineNo));
                }
            }
            if (header == null) {
                throw BadInputException.of(file + ":1", "header", "is missing: not a tunescope journal");
            }
            return new Contents(header, trials);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read journal " + file + ": " + e.getMessage(), e);
        }
    }

    private static JsonNode parseLine(Path file, int lineNo, String line) {
        try {
            return Json.MAPPER.readTree(line);
        } catch (IOException e) {
            throw BadInputException.of(file + ":" + lineNo, line.length() > 60 ? line.substring(0, 60) + "..." : line,
                    "is not valid JSON");
        }
    }

    private static TrialRecord toRecord(JsonNode n, SearchSpace space, Path file, int lineNo) {
        Map<String, Object> raw = new LinkedHashMap<>();
        n.path("config").fields().forEachRemaining(e -> raw.put(e.getKey(),
                e.getValue().isNumber() ? e.getValue().numberValue()
                        : e.getValue().isBoolean() ? (Object) e.getValue().booleanValue() : e.getValue().asText()));
        List<Double> measurements = new ArrayList<>();
        n.path("measurements").forEach(m -> measurements.add(m.asDouble()));
        try {
            return new TrialRecord(n.path("trial").asInt(), space.configuration(raw),
                    TrialRecord.Status.valueOf(n.path("status").asText()),
                    n.hasNonNull("objective") ? n.get("objective").asDouble() : null, measurements,
                    n.hasNonNull("error") ? n.get("error").asText() : null, n.path("isDefault").asBoolean(),
                    n.path("elapsedMillis").asLong());
        } catch (BadInputException e) {
            throw new BadInputException(file + ":" + lineNo + ": " + e.getMessage(), e);
        }
    }

    public record Contents(Header header, List<TrialRecord> trials) {
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
