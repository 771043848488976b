package io.tunescope.monitor.store;

import java.util.Arrays;

/** A growable byte array with unsigned LEB128 varint writes and reads: one column of a raw-sample block. */
final class ByteColumn {
    private byte[] data;
    private int size;

    ByteColumn(int capacity) {
        data = new byte[Math.max(16, capacity)];
    }

    void write(int b) {
        if (size == data.length) {
            data = Arrays.copyOf(data, data.length * 2);
        }
        data[size++] = (byte) b;
    }

    /** Appends the written bytes of {@code other} in one copy. */
    void append(ByteColumn other) {
        if (size + other.size > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, size + other.size));
        }
        System.arraycopy(other.data, 0, data, size, other.size);
        size += other.size;
    }

    void writeVarLong(long value) {
        long v = value;
        while ((v & ~0x7FL) != 0) {
            write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        write((int) v);
    }

    void writeZigZag(long value) {
        writeVarLong((value << 1) ^ (value >> 63));
    }

    int size() {
        return size;
    }

    byte[] array() {
        return data;
    }

    void reset() {
        size = 0;
    }

    /** Sequential reader over a slice of a byte array. */
    static final class Cursor {
        private final byte[] data;
        private int pos;
        private final int end;

        Cursor(byte[] data, int from, int to) {
            this.data = data;
            this.pos = from;
            this.end = to;
        }

        int readByte() {
            if (pos >= end) {
                throw new IllegalStateException("raw sample block is truncated");
            }
            return data[pos++];
        }

        long readVarLong() {
            long result = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                int b = readByte();
                result |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return result;
                }
            }
            throw new IllegalStateException("raw sample block has a malformed varint");
        }

        long readZigZag() {
            long v = readVarLong();
            return (v >>> 1) ^ -(v & 1);
        }
    }
}
