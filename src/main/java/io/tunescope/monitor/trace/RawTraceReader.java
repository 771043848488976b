package io.tunescope.monitor.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One trace instance's per-CPU ring buffers, read as binary pages from {@code per_cpu/cpuN/trace_pipe_raw} (a
 * consuming read: what is read is gone from the buffer, so the buffer never fills while the reader keeps up) and
 * decoded as they are read ({@link RingPageDecoder}). A read of an empty buffer would block, so {@link #drain} first
 * asks the CPU's {@code stats} how many records it holds and reads no further than those. Records the kernel
 * dropped because a buffer was full (the instance does not overwrite) show up in {@code stats} as
 * {@code dropped events}; each new drop becomes a {@link SchedEvent.Lost} after that CPU's events read so far.
 * {@link #merged} gives the events in the order of the instance's {@code trace} file: by time across CPUs, the
 * lower CPU first on a tie.
 */
final class RawTraceReader implements AutoCloseable {
    private static final byte[] ENTRIES = "entries:".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DROPPED = "dropped events:".getBytes(StandardCharsets.US_ASCII);
    private final int[] cpus;
    private final FileChannel[] pipes;
    private final FileChannel[] stats;
    private final List<List<SchedEvent>> byCpu = new ArrayList<>();
    private final long[] dropped;
    private final ByteBuffer page;
    private final ByteBuffer statsBuffer = ByteBuffer.allocateDirect(1024);
    private final byte[] statsBytes = new byte[1024];
    private final RingPageDecoder decoder;
    private long records;

    private RawTraceReader(int[] cpus, RingLayout layout, SchedRecordDecoder decoder) {
        this.cpus = cpus;
        this.pipes = new FileChannel[cpus.length];
        this.stats = new FileChannel[cpus.length];
        this.dropped = new long[cpus.length];
        this.page = ByteBuffer.allocateDirect(layout.pageBytes()).order(ByteOrder.nativeOrder());
        this.decoder = new RingPageDecoder(layout, decoder);
        for (int i = 0; i < cpus.length; i++) {
            byCpu.add(new ArrayList<>());
        }
    }

    /** Opens every CPU's buffer of {@code instance}; pages are of {@code layout}'s size. */
    static RawTraceReader open(Path instance, RingLayout layout, SchedRecordDecoder decoder) throws IOException {
        Path perCpu = instance.resolve("per_cpu");
        int[] cpus;
        try (Stream<Path> dirs = Files.list(perCpu)) {
            cpus = dirs.map(p -> p.getFileName().toString()).filter(n -> n.matches("cpu\\d{1,5}"))
                    .mapToInt(n -> Integer.parseInt(n.substring(3))).sorted().toArray();
        }
        if (cpus.length == 0) {
            throw new IOException("no CPU buffers under " + perCpu);
        }
        RawTraceReader r = new RawTraceReader(cpus, layout, decoder);
        try {
            for (int i = 0; i < cpus.length; i++) {
                Path cpu = perCpu.resolve("cpu" + cpus[i]);
                r.pipes[i] = FileChannel.open(cpu.resolve("trace_pipe_raw"), StandardOpenOption.READ);
                r.stats[i] = FileChannel.open(cpu.resolve("stats"), StandardOpenOption.READ);
            }
        } catch (IOException | RuntimeException e) {
            r.close();
            throw e;
        }
        return r;
    }

    /**
     * Reads and decodes every record each CPU's buffer held when asked (never blocking on an empty one); returns the
     * number of records read.
     */
    synchronized long drain() throws IOException {
        long before = records;
        for (int i = 0; i < cpus.length; i++) {
            int n = readStats(i);
            long entries = statsField(n, ENTRIES);
            long droppedNow = statsField(n, DROPPED);
            List<SchedEvent> out = byCpu.get(i);
            while (entries > 0) {
                page.clear();
                int got = pipes[i].read(page);
                if (got <= 0) {
                    break;
                }
                page.limit(got);
                int read = decoder.decode(page, cpus[i], out);
                if (read == 0) {
                    break; // a page without records: nothing more to wait for now
                }
                entries -= read;
                records += read;
            }
            if (droppedNow > dropped[i]) {
                out.add(new SchedEvent.Lost(cpus[i], droppedNow - dropped[i]));
                dropped[i] = droppedNow;
            }
        }
        return records - before;
    }

    /** Records read so far, of any event. */
    synchronized long records() {
        return records;
    }

    /** Reads CPU {@code i}'s {@code stats} into {@link #statsBytes}; returns its length. */
    private int readStats(int i) throws IOException {
        statsBuffer.clear();
        int n = Math.max(0, stats[i].read(statsBuffer, 0));
        statsBuffer.flip();
        statsBuffer.get(statsBytes, 0, n);
        return n;
    }

    /** The number after {@code key} in the stats just read ({@code statsBytes[0, n)}); 0 when absent. */
    private long statsField(int n, byte[] key) {
        int at = TraceBytes.indexOf(statsBytes, 0, n, key);
        if (at < 0) {
            return 0;
        }
        int start = TraceBytes.spacesEnd(statsBytes, at + key.length, n);
        return TraceBytes.number(statsBytes, start, TraceBytes.digitsEnd(statsBytes, start, n));
    }

    /**
     * Every event read so far, merged across CPUs as the kernel's {@code trace} file orders them: the CPU whose next
     * event is earliest goes first, the lower CPU on a tie; a loss mark comes right before its CPU's next event.
     */
    synchronized List<SchedEvent> merged() {
        int k = cpus.length;
        int[] at = new int[k];
        int total = byCpu.stream().mapToInt(List::size).sum();
        List<SchedEvent> out = new ArrayList<>(total);
        while (true) {
            int best = -1;
            int bestIndex = -1;
            long bestNanos = 0;
            for (int i = 0; i < k; i++) {
                List<SchedEvent> events = byCpu.get(i);
                int j = at[i];
                while (j < events.size() && events.get(j) instanceof SchedEvent.Lost) {
                    j++;
                }
                if (j < events.size()) {
                    long t = SchedEvent.nanosOf(events.get(j));
                    if (best < 0 || t < bestNanos) {
                        best = i;
                        bestIndex = j;
                        bestNanos = t;
                    }
                }
            }
            if (best < 0) {
                break;
            }
            out.addAll(byCpu.get(best).subList(at[best], bestIndex + 1));
            at[best] = bestIndex + 1;
        }
        for (int i = 0; i < k; i++) {
            out.addAll(byCpu.get(i).subList(at[i], byCpu.get(i).size())); // losses after a CPU's last event
        }
        return out;
    }

    @Override
    public synchronized void close() {
        for (FileChannel c : pipes) {
            closeQuietly(c);
        }
        for (FileChannel c : stats) {
            closeQuietly(c);
        }
    }

    private static void closeQuietly(FileChannel c) {
        try {
            if (c != null) {
                c.close();
            }
        } catch (IOException e) {
            // a trace file that fails to close holds nothing of ours
        }
    }
}
