package io.tunescope.monitor.store;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;

/**
 * The raw samples of one recording in a compact columnar file: blocks of up to {@value #BLOCK_TICKS} ticks, each
 * block holding ten columns (tick times, slot, time offset, state, core, and the five cumulative counters as
 * per-thread deltas, all varints), deflated as one unit. Memory stays bounded: the writer holds one block, and an
 * index entry per block (times, file offset, last counters per thread) stays in memory so that a query window only
 * decodes the blocks it overlaps. One writer thread (the sampler); reads happen after {@link #finish()}.
 */
public final class RawSampleFile implements AutoCloseable {
    public static final int BLOCK_TICKS = 256;
    private static final byte[] MAGIC = RawBlocks.MAGIC;
    private static final int COUNTERS = RawBlocks.COUNTERS;

    private final Path path;
    private final boolean deleteOnClose;
    private final RandomAccessFile file;
    private final Deflater deflater = new Deflater(Deflater.BEST_SPEED);
    private final List<BlockRef> blocks = new ArrayList<>();
    private final ByteColumn ticks = new ByteColumn(4096);
    private final ByteColumn[] columns = new ByteColumn[4 + COUNTERS];
    /** A block's columns laid end to end, and its deflated form: both reused from block to block. */
    private final ByteColumn block = new ByteColumn(64 * 1024);
    private byte[] deflated = new byte[32 * 1024];
    private final Map<Integer, long[]> lastCounters = new HashMap<>();
    /** The same arrays as {@link #lastCounters}, by slot: the per-sample lookup neither boxes nor hashes. */
    private long[][] lastBySlot = new long[64][];
    private long[][] prev = new long[64][];
    private int[] prevEpoch = new int[64];
    private int epoch = 1;
    private Map<Integer, long[]> blockCheckpoint = Map.of();
    private long blockFirstTick = -1;
    private long blockLastTick;
    private long lastTickNanos;
    private int blockTickCount;
    private int blockSampleCount;
    private int tickSampleCount;
    private int prevSlotInTick;
    private long tickNanos;
    private long samples;

    private RawSampleFile(Path path, boolean deleteOnClose) throws IOException {
        this.path = path;
        this.deleteOnClose = deleteOnClose;
        this.file = new RandomAccessFile(path.toFile(), "rw");
        file.setLength(0);
        file.write(MAGIC);
        for (int i = 0; i < columns.length; i++) {
            columns[i] = new ByteColumn(8192);
        }
    }

    /** Creates (or truncates) the file at {@code path}; with {@code path == null} a temporary file removed on close. */
    public static RawSampleFile create(Path path) {
        try {
            if (path == null) {
                return new RawSampleFile(Files.createTempFile("tunescope-samples", ".tsraw"), true);
            }
            Files.createDirectories(path.toAbsolutePath().getParent());
            return new RawSampleFile(path, false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create raw sample file " + path + ": " + e.getMessage(), e);
        }
    }

    public void beginTick(long nanos) {
        if (blockFirstTick < 0) {
            blockFirstTick = nanos;
            blockCheckpoint = copy(lastCounters);
        }
        tickNanos = nanos;
        ticks.writeZigZag(nanos - (blockTickCount == 0 ? 0 : lastTickNanos));
        lastTickNanos = nanos;
        tickSampleCount = 0;
        prevSlotInTick = -1;
    }

    /** One thread's sample; counters are -1 where not read this tick or not measurable. */
    public void sample(int slot, long timestampNanos, char state, int core, long cpuNanos, long voluntary,
                       long involuntary, long migrations, long runDelayNanos) {
        columns[0].writeZigZag(slot - prevSlotInTick);
        prevSlotInTick = slot;
        columns[1].writeVarLong(Math.max(0, timestampNanos - tickNanos));
        columns[2].write(state);
        columns[3].writeVarLong(Math.max(0, core));
        if (cpuNanos < 0 && voluntary < 0 && involuntary < 0 && migrations < 0 && runDelayNanos < 0) {
            for (int k = 0; k < COUNTERS; k++) {
                columns[4 + k].write(0); // a state-only tick: the common case, kept allocation-free
            }
        } else {
            writeCounters(slot, cpuNanos, voluntary, involuntary, migrations, runDelayNanos);
        }
        tickSampleCount++;
        blockSampleCount++;
        samples++;
    }

    private void writeCounters(int slot, long cpuNanos, long voluntary, long involuntary, long migrations,
                               long runDelayNanos) {
        long[] p = prevFor(slot);
        long[] last = lastFor(slot);
        writeCounter(4, p, last, 0, cpuNanos);
        writeCounter(5, p, last, 1, voluntary);
        writeCounter(6, p, last, 2, involuntary);
        writeCounter(7, p, last, 3, migrations);
        writeCounter(8, p, last, 4, runDelayNanos);
    }

    private void writeCounter(int column, long[] prevInBlock, long[] last, int k, long v) {
        if (v < 0) {
            columns[column].write(0);
            return;
        }
        long d = v - prevInBlock[k];
        columns[column].writeVarLong(((d << 1) ^ (d >> 63)) + 1);
        prevInBlock[k] = v;
        last[k] = v;
    }

    public void endTick() {
        ticks.writeVarLong(tickSampleCount);
        blockLastTick = tickNanos;
        blockTickCount++;
        if (blockTickCount >= BLOCK_TICKS) {
            flushBlock();
        }
    }

    /** Writes the partial last block; the file is complete and readable afterwards. */
    public void finish() {
        if (blockTickCount > 0) {
            flushBlock();
        }
    }

    public long samples() {
        return samples;
    }

    public Path path() {
        return path;
    }

    public long sizeBytes() {
        try {
            return file.length();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private long[] lastFor(int slot) {
        if (slot >= lastBySlot.length) {
            lastBySlot = Arrays.copyOf(lastBySlot, Math.max(slot + 1, lastBySlot.length * 2));
        }
        long[] last = lastBySlot[slot];
        if (last == null) {
            last = new long[] {-1, -1, -1, -1, -1};
            lastBySlot[slot] = last;
            lastCounters.put(slot, last);
        }
        return last;
    }

    private long[] prevFor(int slot) {
        if (slot >= prev.length) {
            int n = Math.max(slot + 1, prev.length * 2);
            prev = Arrays.copyOf(prev, n);
            prevEpoch = Arrays.copyOf(prevEpoch, n);
        }
        if (prev[slot] == null) {
            prev[slot] = new long[COUNTERS];
        } else if (prevEpoch[slot] != epoch) {
            Arrays.fill(prev[slot], 0); // a new block starts its deltas from zero; the array is reused
        }
        prevEpoch[slot] = epoch;
        return prev[slot];
    }

    private void flushBlock() {
        ByteColumn raw = block;
        raw.reset();
        raw.writeVarLong(blockTickCount);
        raw.writeVarLong(blockSampleCount);
        raw.writeVarLong(ticks.size());
        for (ByteColumn c : columns) {
            raw.writeVarLong(c.size());
        }
        raw.append(ticks);
        for (ByteColumn c : columns) {
            raw.append(c);
        }
        int compressed = deflate(raw.array(), raw.size());
        try {
            long offset = file.length();
            file.seek(offset);
            file.writeInt(raw.size());
            file.writeInt(compressed);
            file.write(deflated, 0, compressed);
            blocks.add(new BlockRef(offset, raw.size(), compressed, blockFirstTick, blockLastTick,
                    blockCheckpoint));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write raw samples to " + path + ": " + e.getMessage(), e);
        }
        ticks.reset();
        for (ByteColumn c : columns) {
            c.reset();
        }
        blockTickCount = 0;
        blockSampleCount = 0;
        blockFirstTick = -1;
        epoch++;
    }

    /** Deflates {@code data[0, len)} into {@link #deflated} (grown when too small); returns the deflated length. */
    private int deflate(byte[] data, int len) {
        deflater.reset();
        deflater.setInput(data, 0, len);
        deflater.finish();
        int n = 0;
        while (!deflater.finished()) {
            if (n == deflated.length) {
                deflated = Arrays.copyOf(deflated, deflated.length * 2);
            }
            n += deflater.deflate(deflated, n, deflated.length - n);
        }
        return n;
    }

    private static Map<Integer, long[]> copy(Map<Integer, long[]> map) {
        Map<Integer, long[]> c = new HashMap<>(map.size() * 2);
        map.forEach((k, v) -> c.put(k, v.clone()));
        return c;
    }

    /**
     * Visits, in time order, every sample of the blocks that overlap {@code [fromNanos, toNanos]} (samples just
     * outside the window come along; the visitor filters), after a checkpoint of the counters known before them.
     */
    public void scan(long fromNanos, long toNanos, SampleVisitor visitor) {
        boolean first = true;
        for (BlockRef b : blocks) {
            if (b.lastTickNanos() < fromNanos || b.firstTickNanos() > toNanos) {
                continue;
            }
            if (first) {
                visitor.checkpoint(copy(b.checkpoint()));
                first = false;
            }
            decode(b, visitor);
        }
        if (first) {
            visitor.checkpoint(Map.of());
        }
    }

    private void decode(BlockRef b, SampleVisitor visitor) {
        RawBlocks.decode(inflate(b), visitor);
    }

    private byte[] inflate(BlockRef b) {
        try {
            byte[] compressed = new byte[b.compressedBytes()];
            file.seek(b.offset() + 8);
            file.readFully(compressed);
            return RawBlocks.inflate(compressed, b.rawBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read raw samples from " + path + ": " + e.getMessage(), e);
        } catch (DataFormatException e) {
            throw new IllegalStateException("raw sample block at " + b.offset() + " is corrupt", e);
        }
    }

    @Override
    public void close() {
        try {
            deflater.end();
            file.close();
            if (deleteOnClose) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private record BlockRef(long offset, int rawBytes, int compressedBytes, long firstTickNanos, long lastTickNanos,
                            Map<Integer, long[]> checkpoint) {
    }
}
