package io.tunescope.monitor;

import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.monitor.store.RawSampleFile;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;
import oshi.software.os.OSThread;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntSupplier;

/**
 * Side-by-side CPU cost of one sweep over every thread of a 50-thread child JVM: the tunescope sampler (state and
 * core only; with all counters), naive {@code Files.readAllBytes} of the same files, and OSHI's
 * {@code OSProcess.getThreadDetails()}; then the live monitor at 8 ms for 10 s (percent of one core) and pidstat at
 * its finest interval (1 s). Rounds alternate between the contenders so that machine noise hits all alike; the
 * figures are medians over rounds. Run: see docs/benchmarks.md.
 */
public final class SweepCostBenchmark {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private SweepCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        int sweepsPerRound = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        Process child = startChild(48);
        try {
            int pid = (int) child.pid();
            int threads = countThreads(pid);
            System.out.printf(Locale.ROOT, "target: pid %d with %d threads; %d rounds x %d sweeps; %d CPUs%n", pid,
                    threads, rounds, sweepsPerRound, Runtime.getRuntime().availableProcessors());
            List<MonitoredProcess> target = List.of(new MonitoredProcess("bench", pid, false,
                    new NameBasedClassifier()));
            try (RawSampleFile raw = RawSampleFile.create(null);
                 ThreadSampler sampler = new ThreadSampler(target, Path.of("/proc"), raw, System.nanoTime(),
                         System::nanoTime)) {
                sampler.scan(System.nanoTime());
                OSProcess oshi = new SystemInfo().getOperatingSystem().getProcess(pid);
                Contender[] contenders = {
                    new Contender("tunescope stat only", () -> {
                        sampler.sweep(System.nanoTime(), false);
                        return sampler.liveThreads();
                    }),
                    new Contender("tunescope all counters", () -> {
                        sampler.sweep(System.nanoTime(), true);
                        return sampler.liveThreads();
                    }),
                    new Contender("Files.readAllBytes x3", () -> naiveSweep(pid)),
                    new Contender("OSHI getThreadDetails", () -> oshiSweep(oshi)),
                };
                for (Contender c : contenders) {
                    c.measure(sweepsPerRound, false); // warm-up
                }
                for (int r = 0; r < rounds; r++) {
                    for (Contender c : contenders) {
                        c.measure(sweepsPerRound, true);
                    }
                }
                System.out.println("contender                  cpu us/sweep (median, min-max)   cpu us/thread   x tunescope-all");
                double reference = contenders[1].median();
                for (Contender c : contenders) {
                    System.out.printf(Locale.ROOT, "%-26s %10.1f (%7.1f-%7.1f) %14.2f %12.2f%n", c.name, c.median(),
                            c.min(), c.max(), c.median() / threads, c.median() / reference);
                }
            }
            int liveSeconds = args.length > 2 ? Integer.parseInt(args[2]) : 8;
            for (int countersEvery : new int[] {1, 8, 16}) {
                liveMonitor(target, Duration.ofMillis(8), countersEvery, 4, Duration.ofSeconds(liveSeconds));
            }
            liveMonitor(target, Duration.ofMillis(8), 16, 1000, Duration.ofSeconds(liveSeconds));
            liveMonitor(target, Duration.ofMillis(1), 16, 4, Duration.ofSeconds(liveSeconds / 2));
            pidstat(pid);
        } finally {
            child.destroyForcibly().waitFor();
        }
    }

    private static void liveMonitor(List<MonitoredProcess> target, Duration interval, int countersEvery,
                                    int rescanEvery, Duration duration) throws InterruptedException {
        long wall0 = System.nanoTime();
        ThreadMonitor m = ThreadMonitor.start(target, MonitorOptions.defaults(interval)
                .withCountersEvery(countersEvery).withRescanEvery(rescanEvery));
        Thread.sleep(duration.toMillis());
        try (Recording r = m.stop()) {
            double wallNanos = System.nanoTime() - wall0;
            System.out.printf(Locale.ROOT, "live monitor at %d ms, counters every %d ticks, rescan every %d, for %d s: %d ticks (%d missed, %d late), %d samples, "
                            + "sampler CPU %.1f ms = %.2f %% of one core, %.1f us per sweep; raw file %d bytes "
                            + "(%.2f bytes/sample)%n", interval.toMillis(), countersEvery, rescanEvery, duration.toSeconds(), r.ticks(),
                    r.missedTicks(), r.lateTicks(), r.samples(), r.selfCpuNanos() / 1e6,
                    100.0 * r.selfCpuNanos() / wallNanos, r.selfCpuNanos() / 1e3 / r.ticks(), r.rawFileBytes(),
                    (double) r.rawFileBytes() / r.samples());
        }
    }

    private static void pidstat(int pid) throws Exception {
        if (!Files.isExecutable(Path.of("/usr/bin/pidstat"))) {
            System.out.println("pidstat: not installed (apt-get install sysstat)");
            return;
        }
        double one = pidstatCpuMillis(pid, 1);
        double six = pidstatCpuMillis(pid, 6);
        System.out.printf(Locale.ROOT, "pidstat -t -w -u at its finest interval (1 s): %.1f ms CPU for 1 report, %.1f "
                + "ms for 6, i.e. %.0f us per extra sweep; 1 sweep per second at best%n", one, six,
                (six - one) * 1000 / 5);
    }

    /** pidstat's own user + system CPU, from bash's time builtin (wait4 rusage), in milliseconds. */
    private static double pidstatCpuMillis(int pid, int reports) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", "TIMEFORMAT='%3U %3S'; time (pidstat -t -w -u -p " + pid
                + " 1 " + reports + " > /dev/null)").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        p.waitFor();
        String[] f = out.substring(out.lastIndexOf('\n') + 1).trim().split("\\s+");
        return (Double.parseDouble(f[0]) + Double.parseDouble(f[1])) * 1000;
    }

    private static int naiveSweep(int pid) {
        String[] tids = new java.io.File("/proc/" + pid + "/task").list();
        int n = 0;
        for (String t : tids == null ? new String[0] : tids) {
            Path dir = Path.of("/proc", Integer.toString(pid), "task", t);
            try {
                n += Files.readAllBytes(dir.resolve("stat")).length > 0 ? 1 : 0;
                Files.readAllBytes(dir.resolve("schedstat"));
                Files.readAllBytes(dir.resolve("sched"));
            } catch (java.io.IOException e) {
                // thread gone
            }
        }
        return n;
    }

    private static int oshiSweep(OSProcess process) {
        List<OSThread> t = process.getThreadDetails();
        return t.size();
    }

    private static int countThreads(int pid) {
        String[] tids = new java.io.File("/proc/" + pid + "/task").list();
        return tids == null ? 0 : tids.length;
    }

    private static Process startChild(int threads) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = Path.of(io.tunescope.monitor.fidelity.SpinSleepChildAccess.programClass().getProtectionDomain()
                .getCodeSource().getLocation().toURI()).toString();
        Process p = new ProcessBuilder(java, "-Xmx64m", "-cp", cp,
                io.tunescope.monitor.fidelity.SpinSleepChildAccess.programClass().getName(),
                Integer.toString(threads), "100000000", "0", "20").redirectErrorStream(true).start();
        BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII));
        String line = in.readLine();
        if (line == null || !line.startsWith("READY")) {
            throw new IllegalStateException("child did not start: " + line);
        }
        p.getOutputStream().write("GO\n".getBytes(StandardCharsets.US_ASCII));
        p.getOutputStream().flush();
        return p;
    }

    /** One contender: CPU time per sweep of each measured round. */
    private static final class Contender {
        final String name;
        final IntSupplier sweep;
        final List<Double> microsPerSweep = new ArrayList<>();

        Contender(String name, IntSupplier sweep) {
            this.name = name;
            this.sweep = sweep;
        }

        void measure(int sweeps, boolean keep) {
            long cpu0 = MX.getCurrentThreadCpuTime();
            for (int i = 0; i < sweeps; i++) {
                if (sweep.getAsInt() <= 0) {
                    throw new IllegalStateException(name + " saw no threads");
                }
            }
            long cpu = MX.getCurrentThreadCpuTime() - cpu0;
            if (keep) {
                microsPerSweep.add(cpu / 1e3 / sweeps);
            }
        }

        double median() {
            double[] v = microsPerSweep.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        }

        double min() {
            return microsPerSweep.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        }

        double max() {
            return Arrays.stream(microsPerSweep.stream().mapToDouble(Double::doubleValue).toArray()).max()
                    .orElse(Double.NaN);
        }
    }
}
