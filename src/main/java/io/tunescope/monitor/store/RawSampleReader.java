package io.tunescope.monitor.store;

import io.tunescope.BadInputException;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.zip.DataFormatException;

/**
 * Reads a finished raw-sample file from disk, block after block, without the writer's in-memory index: what an
 * export of every sample needs. The file is blocks of {@code int rawBytes, int compressedBytes, deflated bytes}
 * after the magic line; a block cut short (a recording killed mid-write) ends the reading.
 */
public final class RawSampleReader {
    private RawSampleReader() {
    }

    /** Visits every sample of {@code file} in time order, after an empty checkpoint; returns the number of samples. */
    public static long readAll(Path file, SampleVisitor visitor) throws IOException {
        long[] count = {0};
        SampleVisitor counting = new SampleVisitor() {
            @Override
            public void checkpoint(Map<Integer, long[]> lastCountersBySlot) {
                visitor.checkpoint(lastCountersBySlot);
            }

            @Override
            public void sample(int slot, long ts, char state, int core, long cpuNanos, long voluntary,
                               long involuntary, long migrations, long runDelayNanos) {
                count[0]++;
                visitor.sample(slot, ts, state, core, cpuNanos, voluntary, involuntary, migrations, runDelayNanos);
            }
        };
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
             DataInputStream data = new DataInputStream(in)) {
            byte[] magic = in.readNBytes(RawBlocks.MAGIC.length);
            if (!Arrays.equals(magic, RawBlocks.MAGIC)) {
                throw BadInputException.of("raw sample file", file, "must start with the TSRAW2 header");
            }
            counting.checkpoint(Map.of());
            while (readBlock(file, data, counting)) {
                // one block per turn
            }
        }
        return count[0];
    }

    private static boolean readBlock(Path file, DataInputStream data, SampleVisitor visitor) throws IOException {
        int rawBytes;
        int compressedBytes;
        byte[] compressed;
        try {
            rawBytes = data.readInt();
            compressedBytes = data.readInt();
            compressed = data.readNBytes(compressedBytes);
        } catch (EOFException end) {
            return false;
        }
        if (compressed.length < compressedBytes) {
            return false;
        }
        try {
            RawBlocks.decode(RawBlocks.inflate(compressed, rawBytes), visitor);
        } catch (DataFormatException e) {
            throw new IOException(file + ": a raw sample block is corrupt: " + e.getMessage(), e);
        }
        return true;
    }
}
