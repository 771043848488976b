package io.tunescope.monitor;

import io.tunescope.monitor.store.RawSampleFile;
import io.tunescope.monitor.store.SampleVisitor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * What an hour of raw samples costs: 50 threads at 8 ms (450,000 ticks, 22.5 M samples) written through
 * {@link RawSampleFile} with a seeded, study-like pattern (threads busy in bursts, cores changing now and then,
 * counters every 8th tick), then one full scan and one 1-second window. Prints file size, bytes per sample, heap in
 * use after a GC, and times. Run: see docs/benchmarks.md.
 */
public final class StorageCostBenchmark {
    private StorageCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int threads = 50;
        long ticks = args.length > 0 ? Long.parseLong(args[0]) : 450_000;
        Path file = Files.createTempFile("tunescope-storage", ".tsraw");
        Random rnd = new Random(42);
        long[] cpu = new long[threads];
        long[] vol = new long[threads];
        long[] mig = new long[threads];
        int[] core = new int[threads];
        boolean[] busy = new boolean[threads];
        long heapBefore = usedHeap();
        long t0 = System.nanoTime();
        try (RawSampleFile f = RawSampleFile.create(file)) {
            long now = 1_000_000_000L;
            for (long k = 0; k < ticks; k++) {
                now += 8_000_000L + rnd.nextInt(200_000);
                f.beginTick(now);
                boolean counters = k % 8 == 0;
                for (int s = 0; s < threads; s++) {
                    if (rnd.nextInt(50) == 0) {
                        busy[s] = !busy[s];
                        vol[s] += busy[s] ? 0 : 1;
                    }
                    if (busy[s]) {
                        cpu[s] += 8_000_000L - rnd.nextInt(500_000);
                        if (rnd.nextInt(20) == 0) {
                            core[s] = rnd.nextInt(48);
                            mig[s]++;
                        }
                    }
                    f.sample(s, now + 2_000L * s + rnd.nextInt(1000), busy[s] ? 'R' : 'S', core[s],
                            counters ? cpu[s] : -1, counters ? vol[s] : -1, counters ? vol[s] / 3 : -1,
                            counters ? mig[s] : -1, counters ? cpu[s] / 10 : -1);
                }
                f.endTick();
            }
            f.finish();
            long writeNanos = System.nanoTime() - t0;
            long heapAfter = usedHeap();
            long bytes = f.sizeBytes();
            long samples = f.samples();
            long[] seen = new long[1];
            long s0 = System.nanoTime();
            f.scan(Long.MIN_VALUE, Long.MAX_VALUE, counter(seen));
            long scanNanos = System.nanoTime() - s0;
            long[] window = new long[1];
            long w0 = System.nanoTime();
            long mid = 1_000_000_000L + ticks / 2 * 8_100_000L;
            f.scan(mid, mid + 1_000_000_000L, counter(window));
            long windowNanos = System.nanoTime() - w0;
            System.out.printf(Locale.ROOT, "%d threads x %d ticks = %,d samples: file %,d bytes = %.2f bytes/sample "
                            + "(%.1f MB); heap growth while writing %.1f MB; write %.1f s (%.0f ns/sample); full scan "
                            + "%.1f s; 1-s window %.1f ms (%,d samples decoded)%n", threads, ticks, samples, bytes,
                    (double) bytes / samples, bytes / 1e6, (heapAfter - heapBefore) / 1e6, writeNanos / 1e9,
                    (double) writeNanos / samples, scanNanos / 1e9, windowNanos / 1e6, window[0]);
            if (seen[0] != samples) {
                throw new IllegalStateException("scan saw " + seen[0] + " of " + samples + " samples");
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static SampleVisitor counter(long[] count) {
        return new SampleVisitor() {
            @Override
            public void checkpoint(Map<Integer, long[]> last) {
            }

            @Override
            public void sample(int slot, long ts, char state, int core, long cpu, long vol, long invol, long migr,
                               long delay) {
                count[0]++;
            }
        };
    }

    private static long usedHeap() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
