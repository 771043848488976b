package io.tunescope.bench;

import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.inprocess.ConnectionSpec;
import io.tunescope.workload.micro.PlanMode;
import io.tunescope.workload.micro.UserLoop;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Side-by-side companion of {@link HarnessCostBenchmark} for a noisy shared machine: the same user threads switch
 * between a bare JDBC loop and the harness loop every window (which goes first alternates by round), so both see the
 * same load; prints the median of the per-round harness/bare ratios. Usage: {@code HarnessCostAb ENGINE MODE THREADS ROUNDS WINDOW_MILLIS}.
 */
public final class HarnessCostAb {
    private static final int BARE = 0;
    private static final int HARNESS = 1;
    private static final int STOP = 2;
    private static final int PAUSE = 3;

    private volatile int phase = PAUSE;
    private final AtomicLong bareOps = new AtomicLong();
    private final List<UserLoop> loops = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        Engine engine = Engines.scaleLab().where("run in this JVM", e -> e.scaleRunsAs(Lifecycle.IN_CONTROLLER))
                .byId(args[0]);
        PlanMode mode = PlanMode.parse(args[1]);
        int threads = Integer.parseInt(args[2]);
        int rounds = Integer.parseInt(args[3]);
        long windowMillis = Long.parseLong(args[4]);
        System.setProperty("derby.stream.error.file", System.getProperty("java.io.tmpdir") + "/derby-bench.log");
        double[] ratios = new HarnessCostAb().run(engine, mode, threads, rounds, windowMillis);
        double[] sorted = ratios.clone();
        Arrays.sort(sorted);
        System.out.printf(Locale.ROOT, "engine=%s mode=%s threads=%d rounds=%d window=%dms harness/bare median=%.3f "
                        + "min=%.3f max=%.3f%n", engine.id(), mode.label(), threads, rounds, windowMillis,
                sorted[sorted.length / 2], sorted[0], sorted[sorted.length - 1]);
    }

    double[] run(Engine engine, PlanMode mode, int threads, int rounds, long windowMillis)
            throws Exception {
        ConnectionSpec spec = ConnectionSpec.inMemory(engine);
        List<Thread> workers = new ArrayList<>();
        CountDownLatch ready = new CountDownLatch(threads);
        for (int i = 0; i < threads; i++) {
            Connection c = spec.open();
            PreparedStatement bare = c.prepareStatement(mode.sqlFor(engine.defaultStatement(), i));
            UserLoop loop = new UserLoop(spec.open(), mode, engine.defaultStatement(), i + 1000);
            loops.add(loop);
            Thread t = new Thread(() -> work(bare, loop, ready), "ab-user-" + i);
            workers.add(t);
            t.start();
        }
        ready.await();
        double[] ratios = new double[rounds];
        loops.forEach(l -> l.sampleLatencyEvery(16));
        for (int r = -2; r < rounds; r++) {
            boolean bareFirst = (r & 1) == 0;
            double bare = bareFirst ? window(BARE, windowMillis) : 0;
            double harness = window(HARNESS, windowMillis);
            bare = bareFirst ? bare : window(BARE, windowMillis);
            if (r >= 0) {
                ratios[r] = harness / bare;
            }
        }
        phase = STOP;
        for (Thread t : workers) {
            t.join();
        }
        for (UserLoop l : loops) {
            l.close();
        }
        return ratios;
    }

    private double window(int which, long millis) throws InterruptedException {
        long ops0 = which == BARE ? bareOps.get() : harnessOps();
        long t0 = System.nanoTime();
        phase = which;
        Thread.sleep(millis);
        phase = PAUSE;
        long t1 = System.nanoTime();
        Thread.sleep(5);
        long ops1 = which == BARE ? bareOps.get() : harnessOps();
        return (ops1 - ops0) * 1e9 / (t1 - t0);
    }

    private long harnessOps() {
        return loops.stream().mapToLong(UserLoop::ops).sum();
    }

    private void work(PreparedStatement bare, UserLoop loop, CountDownLatch ready) {
        ready.countDown();
        try {
            while (phase != STOP) {
                long n = 0;
                while (phase == BARE) {
                    try (ResultSet rs = bare.executeQuery()) {
                        while (rs.next()) {
                            rs.getObject(1);
                        }
                    }
                    n++;
                }
                bareOps.addAndGet(n);
                loop.runUntil(() -> phase != HARNESS);
                while (phase == PAUSE) {
                    Thread.onSpinWait();
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
