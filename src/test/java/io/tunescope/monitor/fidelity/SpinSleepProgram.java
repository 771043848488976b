package io.tunescope.monitor.fidelity;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.StringJoiner;
import java.util.concurrent.CountDownLatch;

/**
 * Ground truth for the fidelity tests, run in a child JVM: {@code threads} threads named {@code fid-worker-<i>}
 * each alternate {@code cycles} times between spinning for {@code spinMillis} of their own CPU time and sleeping
 * {@code sleepMillis}. Protocol on stdin/stdout: prints {@code READY <tid>...}, waits for {@code GO}, works, prints
 * {@code DONE <startNanos> <endNanos> <cpuNanos per thread>... }, waits for {@code QUIT}. With {@code cycles == 0}
 * the threads spin until QUIT (for affinity changes).
 */
public final class SpinSleepProgram {
    private SpinSleepProgram() {
    }

    public static void main(String[] args) throws Exception {
        ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        int threads = Integer.parseInt(args[0]);
        int cycles = Integer.parseInt(args[1]);
        long spinNanos = Long.parseLong(args[2]) * 1_000_000L;
        long sleepMillis = Long.parseLong(args[3]);
        CountDownLatch registered = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(threads);
        CountDownLatch quit = new CountDownLatch(1);
        int[] tids = new int[threads];
        long[] cpu = new long[threads];
        for (int i = 0; i < threads; i++) {
            int index = i;
            Thread t = new Thread(() -> work(index, cycles, spinNanos, sleepMillis, tids, cpu, registered, go, done,
                    quit), "fid-worker-" + i);
            t.setDaemon(true);
            t.start();
        }
        registered.await();
        StringJoiner ready = new StringJoiner(" ", "READY ", "");
        for (int tid : tids) {
            ready.add(Integer.toString(tid));
        }
        System.out.println(ready);
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        expect(in, "GO");
        long start = System.nanoTime();
        go.countDown();
        if (cycles > 0) {
            done.await();
            long end = System.nanoTime();
            StringJoiner out = new StringJoiner(" ", "DONE ", "");
            out.add(Long.toString(start)).add(Long.toString(end));
            for (long c : cpu) {
                out.add(Long.toString(c));
            }
            System.out.println(out);
            System.out.flush();
        }
        expect(in, "QUIT");
        quit.countDown();
    }

    private static void work(int index, int cycles, long spinNanos, long sleepMillis, int[] tids, long[] cpu,
                             CountDownLatch registered, CountDownLatch go, CountDownLatch done,
                             CountDownLatch quit) {
        try {
            // everything that loads classes happens before GO, so the measured window holds only the pattern
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            spin(mx, 1);
            tids[index] = ownTid();
            registered.countDown();
            go.await();
            long cpuStart = mx.getCurrentThreadCpuTime();
            if (cycles == 0) {
                while (quit.getCount() > 0) {
                    spin(mx, spinNanos);
                }
                return;
            }
            for (int c = 0; c < cycles; c++) {
                spin(mx, spinNanos);
                Thread.sleep(sleepMillis);
            }
            cpu[index] = mx.getCurrentThreadCpuTime() - cpuStart;
            done.countDown();
            quit.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void spin(ThreadMXBean mx, long spinNanos) {
        long until = mx.getCurrentThreadCpuTime() + spinNanos;
        long x = 0;
        while (mx.getCurrentThreadCpuTime() < until) {
            for (int k = 0; k < 2000; k++) {
                x += k * 31L;
            }
        }
        if (x == 42) {
            System.out.print("");
        }
    }

    private static int ownTid() throws IOException {
        // /proc/thread-self -> "<pid>/task/<tid>"
        Path link = Files.readSymbolicLink(Path.of("/proc/thread-self"));
        return Integer.parseInt(link.getFileName().toString());
    }

    private static void expect(BufferedReader in, String word) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            if (line.trim().equals(word)) {
                return;
            }
        }
        System.exit(0); // parent gone: do not linger
    }
}
