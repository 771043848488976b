package io.tunescope.store;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** The one configured Jackson mapper, atomic file writes (write to a temp file, then rename), and typed reads. */
public final class Json {
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .build();

    private Json() {
    }

    /**
     * Writes {@code value} as pretty JSON to {@code file}, replacing it atomically so readers never see half a file;
     * an object gets the header of {@link Documents} (schema version, type, the build that wrote it) first.
     */
    public static void writeAtomically(Path file, Object value) {
        try {
            writeBytesAtomically(file, MAPPER.writeValueAsBytes(Documents.stamped(file, value)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + why(e), e);
        }
    }

    /** Writes {@code text} (UTF-8) to {@code file}, replacing it atomically so readers never see half a file. */
    public static void writeTextAtomically(Path file, String text) throws IOException {
        writeBytesAtomically(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes to a temporary file beside {@code file} and renames it over {@code file}: a full disk, a read-only
     * directory or a kill leaves either the old file or the new one, never half of one, and no temporary file.
     */
    private static void writeBytesAtomically(Path file, byte[] content) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
        try {
            Files.write(tmp, content);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * Why a write failed, in words: the file system's reason ({@code No space left on device}, {@code Read-only file
     * system}, {@code permission denied}) rather than Java's exception, whose message is often only the path.
     */
    public static String why(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return String.valueOf(e.getMessage()).replace('\n', ' ');
    }

    /**
     * Reads {@code file} as a {@code type}, skipping fields the type does not have, so that a results file written
     * by a newer version still reads.
     */
    public static <T> T read(Path file, Class<T> type) throws IOException {
        return MAPPER.readerFor(type).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).readValue(file.toFile());
    }

    /**
     * Why a JSON file could not be read, on one line, naming the place and the rule in our words ({@code line 3,
     * column 17: ends before its JSON is complete}), never the parser's own text or Java class names.
     */
    public static String problem(IOException e) {
        if (e instanceof com.fasterxml.jackson.core.JsonProcessingException j) {
            return JsonFiles.problem(j, null);
        }
        return String.valueOf(e.getMessage()).replace('\n', ' ');
    }

    public static String toJson(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
