package io.tunescope.workload.agent;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.tunescope.workload.ExecutionRecord;
import io.tunescope.workload.ExecutionSink;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Streams executions to a CSV file as they complete (flushed at least once a second, so a tenant that dies loses at
 * most its last second), and counts them for progress reports. Columns are the fields of {@link ExecutionRecord}.
 */
public final class ExecutionCsv implements ExecutionSink, AutoCloseable {
    private static final CsvMapper MAPPER = new CsvMapper();
    private static final CsvSchema SCHEMA = MAPPER.schemaFor(ExecutionRecord.class).withHeader();
    private static final long FLUSH_EVERY_NANOS = 1_000_000_000L;

    private final BufferedWriter file;
    private final SequenceWriter out;
    private final AtomicLong executions = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private long lastFlushNanos = System.nanoTime();

    public ExecutionCsv(Path path) throws IOException {
        this.file = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
        this.out = MAPPER.writerFor(ExecutionRecord.class).with(SCHEMA).writeValues(file);
        file.flush();
    }

    @Override
    public synchronized void accept(ExecutionRecord e) {
        try {
            out.write(e);
            long now = System.nanoTime();
            if (now - lastFlushNanos >= FLUSH_EVERY_NANOS) {
                out.flush();
                lastFlushNanos = now;
            }
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
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

    /** Streams the executions of a file written by this class; close the iterator when done. */
    public static MappingIterator<ExecutionRecord> read(Path path) throws IOException {
        return MAPPER.readerFor(ExecutionRecord.class).with(SCHEMA)
                .with(CsvParser.Feature.EMPTY_STRING_AS_NULL).with(CsvParser.Feature.FAIL_ON_MISSING_COLUMNS)
                .readValues(path.toFile());
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
