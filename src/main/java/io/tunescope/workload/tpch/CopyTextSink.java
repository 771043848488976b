package io.tunescope.workload.tpch;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.Arrays;

/**
 * Formats rows in PostgreSQL's COPY text format (delimiter '|', newline-terminated) into a byte buffer and hands full
 * buffers to a {@link ChunkConsumer} (the driver's CopyIn). Hand-written because the generator's own
 * {@code toLine()} costs more than generating the row (see {@link TpchGenerator}).
 */
public final class CopyTextSink implements RowSink {
    /** Receives formatted bytes, e.g. {@code CopyIn::writeToCopy}. */
    @FunctionalInterface
    public interface ChunkConsumer {
        void accept(byte[] bytes, int offset, int length) throws SQLException;
    }

    /** Called once when the sink is closed, after the last chunk, e.g. {@code CopyIn::endCopy}. */
    @FunctionalInterface
    public interface Finisher {
        void finish() throws SQLException;
    }

    static final byte DELIMITER = '|';
    private static final int FLUSH_BYTES = 1 << 16;
    private static final int DATE_CACHE_FIRST_DAY = (int) LocalDate.of(1992, 1, 1).toEpochDay();
    private static final byte[][] DATE_CACHE = buildDateCache();

    private final ChunkConsumer consumer;
    private final Finisher finisher;
    private byte[] buffer = new byte[FLUSH_BYTES + 1024];
    private int length;
    private boolean firstInRow = true;

    public CopyTextSink(ChunkConsumer consumer, Finisher finisher) {
        this.consumer = consumer;
        this.finisher = finisher;
    }

    private static byte[][] buildDateCache() {
        byte[][] cache = new byte[366 * 8][];
        for (int i = 0; i < cache.length; i++) {
            cache[i] = LocalDate.ofEpochDay(DATE_CACHE_FIRST_DAY + i).toString().getBytes(StandardCharsets.US_ASCII);
        }
        return cache;
    }

    private void separator() {
        if (!firstInRow) {
            put(DELIMITER);
        }
        firstInRow = false;
    }

    private void put(byte b) {
        if (length == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
        }
        buffer[length++] = b;
    }

    private void putLong(long value) {
        if (value < 0) {
            put((byte) '-');
            value = -value;
        }
        if (value >= 10) {
            putLong(value / 10);
        }
        put((byte) ('0' + value % 10));
    }

    @Override
    public void identifier(long value) {
        separator();
        putLong(value);
    }

    @Override
    public void integer(int value) {
        separator();
        putLong(value);
    }

    @Override
    public void decimalCents(long cents) {
        separator();
        if (cents < 0) {
            put((byte) '-');
            cents = -cents;
        }
        putLong(cents / 100);
        put((byte) '.');
        long fraction = cents % 100;
        put((byte) ('0' + fraction / 10));
        put((byte) ('0' + fraction % 10));
    }

    @Override
    public void epochDays(int days) {
        separator();
        int index = days - DATE_CACHE_FIRST_DAY;
        byte[] text = index >= 0 && index < DATE_CACHE.length ? DATE_CACHE[index]
                : LocalDate.ofEpochDay(days).toString().getBytes(StandardCharsets.US_ASCII);
        for (byte b : text) {
            put(b);
        }
    }

    @Override
    public void text(String value) {
        separator();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '|' || c == '\\' || c == '\n' || c == '\r') {
                put((byte) '\\');
                put((byte) (c == '\n' ? 'n' : c == '\r' ? 'r' : c));
            } else if (c < 0x80) {
                put((byte) c);
            } else {
                for (byte b : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
                    put(b);
                }
            }
        }
    }

    @Override
    public void endRow() throws SQLException {
        put((byte) '\n');
        firstInRow = true;
        if (length >= FLUSH_BYTES) {
            flush();
        }
    }

    private void flush() throws SQLException {
        if (length > 0) {
            consumer.accept(buffer, 0, length);
            length = 0;
        }
    }

    @Override
    public void close() throws SQLException {
        flush();
        finisher.finish();
    }
}
