package io.tunescope.store;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A tenant's executions file ({@link TenantDir#executions()}), written and read back here only. The writer streams
 * executions as they complete (flushed at least once a second, so a tenant that dies loses at most its last second)
 * and counts them for progress reports. Columns are the fields of {@link ExecutionRecord}.
 */
public final class ExecutionCsv implements AutoCloseable {
    private static final CsvMapper MAPPER = new CsvMapper();
    private static final CsvSchema SCHEMA = MAPPER.schemaFor(ExecutionRecord.class).withHeader();
    private static final long FLUSH_EVERY_NANOS = 1_000_000_000L;

    private final Path path;
    private final BufferedWriter file;
    private final SequenceWriter out;
    private final AtomicLong executions = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private long lastFlushNanos = System.nanoTime();
    private UncheckedIOException broken;

    /** What a read saw: how many executions it passed on, and why it stopped early (null: it read the whole file). */
    public record Reading(long executions, String stoppedBy) {
        public boolean complete() {
            return stoppedBy == null;
        }
    }

    public ExecutionCsv(Path path) throws IOException {
        this.path = path;
        this.file = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
        this.out = MAPPER.writerFor(ExecutionRecord.class).with(SCHEMA).writeValues(file);
        file.flush();
    }

    /**
     * Appends one execution; safe to call from every user thread. Once a write has failed (a full disk) every later
     * call fails at once with the same one-line reason naming the file, so that all users stop, not only the one
     * whose write hit the error.
     */
    public synchronized void accept(ExecutionRecord e) {
        if (broken != null) {
            throw broken;
        }
        try {
            out.write(e);
            long now = System.nanoTime();
            if (now - lastFlushNanos >= FLUSH_EVERY_NANOS) {
                out.flush();
                lastFlushNanos = now;
            }
        } catch (IOException ex) {
            broken = new UncheckedIOException("cannot write " + path + ": " + Json.why(ex), ex);
            throw broken;
        }
        executions.incrementAndGet();
        if (e.failed()) {
            errors.incrementAndGet();
        }
    }

    public long executions() {
        return executions.get();
    }

    public long errors() {
        return errors.get();
    }

    /**
     * Streams the executions of {@code path} to {@code each}, in file order, in bounded memory. A tenant killed
     * mid-write can leave a torn last line, and a file can be unreadable: reading then stops there and the returned
     * {@link Reading} says why; everything before it has been passed on.
     */
    public static Reading forEach(Path path, Consumer<ExecutionRecord> each) {
        MappingIterator<ExecutionRecord> opened;
        try {
            opened = MAPPER.readerFor(ExecutionRecord.class).with(SCHEMA)
                    .with(CsvParser.Feature.EMPTY_STRING_AS_NULL).with(CsvParser.Feature.FAIL_ON_MISSING_COLUMNS)
                    .readValues(path.toFile());
        } catch (IOException | RuntimeException e) {
            return new Reading(0, e.getMessage());
        }
        long count = 0;
        try (MappingIterator<ExecutionRecord> rows = opened) {
            while (true) {
                ExecutionRecord next;
                try {
                    if (!rows.hasNextValue()) {
                        return new Reading(count, null);
                    }
                    next = rows.nextValue();
                } catch (IOException | RuntimeException e) {
                    return new Reading(count, endsTorn(path) ? TORN_LAST_LINE : e.getMessage());
                }
                each.accept(next);
                count++;
            }
        } catch (IOException e) {
            return new Reading(count, e.getMessage());
        }
    }

    /** Why reading stopped when the file's last line has no line end: the writer was cut mid-line. */
    public static final String TORN_LAST_LINE =
            "its last line is torn (no line end: the writer was killed or the disk was full) and was dropped";

    private static boolean endsTorn(Path path) {
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(path.toFile(), "r")) {
            if (file.length() == 0) {
                return false;
            }
            file.seek(file.length() - 1);
            return file.read() != '\n';
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Every execution of {@code path} (a torn last line dropped).
     *
     * @throws IOException when not a single execution could be read and reading stopped at an error
     */
    public static List<ExecutionRecord> readAll(Path path) throws IOException {
        List<ExecutionRecord> out = new ArrayList<>();
        Reading reading = forEach(path, out::add);
        if (out.isEmpty() && !reading.complete()) {
            throw new IOException(reading.stoppedBy());
        }
        return out;
    }

    @Override
    public synchronized void close() throws IOException {
        try {
            out.close();
        } catch (IOException e) {
            if (broken == null) {
                throw e;
            }
            // the write that failed first has been reported; what is on disk up to it stays readable
        }
    }
}
