package io.tunescope.monitor.store;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The decoding of one block of a raw-sample file, shared by the writer's own window scans ({@link RawSampleFile})
 * and by readers of a finished file ({@link RawSampleReader}). A block decodes on its own: its counters' deltas
 * start from zero, so every value it yields is the counter itself.
 */
final class RawBlocks {
    /** The file's first bytes: the format's name and version. */
    static final byte[] MAGIC = "TSRAW2\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    static final int COUNTERS = 5;

    private RawBlocks() {
    }

    /** The block's columns, from its deflated form. */
    static byte[] inflate(byte[] compressed, int rawBytes) throws DataFormatException {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(compressed);
            byte[] raw = new byte[rawBytes];
            int n = 0;
            while (n < raw.length && !inflater.finished()) {
                n += inflater.inflate(raw, n, raw.length - n);
            }
            return raw;
        } finally {
            inflater.end();
        }
    }

    /** Hands every sample of the inflated block {@code raw} to {@code visitor}, in time order. */
    static void decode(byte[] raw, SampleVisitor visitor) {
        ByteColumn.Cursor header = new ByteColumn.Cursor(raw, 0, raw.length);
        int tickCount = (int) header.readVarLong();
        header.readVarLong();
        int[] lengths = new int[5 + COUNTERS];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = (int) header.readVarLong();
        }
        int pos = raw.length - Arrays.stream(lengths).sum();
        ByteColumn.Cursor[] cur = new ByteColumn.Cursor[lengths.length];
        for (int i = 0; i < lengths.length; i++) {
            cur[i] = new ByteColumn.Cursor(raw, pos, pos + lengths[i]);
            pos += lengths[i];
        }
        Map<Integer, long[]> prevBySlot = new HashMap<>();
        long tick = 0;
        for (int t = 0; t < tickCount; t++) {
            tick = (t == 0 ? 0 : tick) + cur[0].readZigZag();
            int n = (int) cur[0].readVarLong();
            int slot = -1;
            for (int s = 0; s < n; s++) {
                slot += (int) cur[1].readZigZag();
                long ts = tick + cur[2].readVarLong();
                char state = (char) cur[3].readByte();
                int core = (int) cur[4].readVarLong();
                long[] p = prevBySlot.computeIfAbsent(slot, k -> new long[COUNTERS]);
                long[] v = new long[COUNTERS];
                for (int k = 0; k < COUNTERS; k++) {
                    long code = cur[5 + k].readVarLong();
                    if (code == 0) {
                        v[k] = -1;
                    } else {
                        long zz = code - 1;
                        p[k] += (zz >>> 1) ^ -(zz & 1);
                        v[k] = p[k];
                    }
                }
                visitor.sample(slot, ts, state, core, v[0], v[1], v[2], v[3], v[4]);
            }
        }
    }
}
