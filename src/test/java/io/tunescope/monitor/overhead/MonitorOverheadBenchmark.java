package io.tunescope.monitor.overhead;

import io.tunescope.monitor.proc.ClockTicks;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The whole cost of monitoring seen from outside the sampler: this process's CPU time (every thread: sampler,
 * raw-file writer, garbage collector, JIT) over a window with the live monitor on a ~50-thread child JVM, minus the
 * same window without it. Rounds alternate none / before / after so that the load of other programs on the machine
 * hits all alike; the figures are medians over rounds. Process CPU comes from {@code CLOCK_PROCESS_CPUTIME_ID}
 * (nanoseconds, via {@code OperatingSystemMXBean}) and is cross-checked against {@code /proc/self/stat} utime +
 * stime (clock ticks). Arguments: interval in ms, window in s, rounds, builds (e.g. {@code before,after}; a build
 * may name a sampler: {@code after:full,after:gated}).
 */
public final class MonitorOverheadBenchmark {
    private MonitorOverheadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Duration interval = Duration.ofMillis(Long.parseLong(args.length > 0 ? args[0] : "8"));
        int windowSeconds = Integer.parseInt(args.length > 1 ? args[1] : "8");
        int rounds = Integer.parseInt(args.length > 2 ? args[2] : "5");
        String[] builds = (args.length > 3 ? args[3] : "before,after").split(",");
        Process target = IsolatedMonitor.startTarget(32, 20);
        try {
            int pid = (int) target.pid();
            Map<String, IsolatedMonitor> monitors = new LinkedHashMap<>();
            for (String b : builds) {
                monitors.put(b, IsolatedMonitor.named(b));
            }
            System.out.printf(Locale.ROOT, "target pid %d, %d threads; interval %d ms, %d s windows, %d rounds%n",
                    pid, IsolatedMonitor.threadsOf(pid), interval.toMillis(), windowSeconds, rounds);
            for (IsolatedMonitor m : monitors.values()) {
                IsolatedMonitor.stop(m.start(pid, interval)); // warm-up: class loading and first JIT
            }
            Map<String, List<double[]>> results = new LinkedHashMap<>();
            results.put("none", new ArrayList<>());
            monitors.keySet().forEach(k -> results.put(k, new ArrayList<>()));
            for (int r = 0; r < rounds; r++) {
                results.get("none").add(window(null, pid, interval, windowSeconds));
                for (Map.Entry<String, IsolatedMonitor> e : monitors.entrySet()) {
                    results.get(e.getKey()).add(window(e.getValue(), pid, interval, windowSeconds));
                }
            }
            report(results, windowSeconds);
        } finally {
            target.destroyForcibly().waitFor();
        }
    }

    /** One window: {process CPU ns, /proc/self/stat CPU ns, sampler thread CPU ns, ticks, missed ticks, stat %}. */
    private static double[] window(IsolatedMonitor monitor, int pid, Duration interval, int seconds)
            throws Exception {
        System.gc();
        Thread.sleep(200);
        long cpu0 = processCpuNanos();
        long stat0 = statCpuNanos();
        Object live = monitor == null ? null : monitor.start(pid, interval);
        Thread.sleep(seconds * 1000L);
        long[] m = live == null ? new long[] {0, 0, 0, -1} : IsolatedMonitor.stop(live);
        return new double[] {processCpuNanos() - cpu0, statCpuNanos() - stat0, m[2], m[0], m[1], m[3] / 10.0};
    }

    private static void report(Map<String, List<double[]>> results, int seconds) {
        double noneCpu = median(results.get("none"), 0);
        double noneStat = median(results.get("none"), 1);
        System.out.println("build   process CPU ms (median)  minus none  % of one core  /proc/self/stat % "
                + " sampler thread %  ticks  missed  stat read %");
        for (Map.Entry<String, List<double[]>> e : results.entrySet()) {
            List<double[]> v = e.getValue();
            double cpu = median(v, 0);
            double extra = cpu - noneCpu;
            System.out.printf(Locale.ROOT, "%-12s %19.1f %11.1f %14.2f %18.2f %17.2f %6.0f %7.0f %12.1f%n",
                    e.getKey(), cpu / 1e6, extra / 1e6, 100 * extra / (seconds * 1e9),
                    100 * (median(v, 1) - noneStat) / (seconds * 1e9), 100 * median(v, 2) / (seconds * 1e9),
                    median(v, 3), median(v, 4), median(v, 5));
        }
        System.out.println("per round, % of one core above none (process CPU):");
        List<double[]> none = results.get("none");
        for (Map.Entry<String, List<double[]>> e : results.entrySet()) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-12s", e.getKey()));
            for (int r = 0; r < e.getValue().size(); r++) {
                line.append(String.format(Locale.ROOT, " %6.2f",
                        100 * (e.getValue().get(r)[0] - none.get(r)[0]) / (seconds * 1e9)));
            }
            System.out.println(line);
        }
    }

    private static double median(List<double[]> rows, int column) {
        double[] v = rows.stream().mapToDouble(r -> r[column]).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** utime + stime of this process from /proc/self/stat, in nanoseconds (clock-tick resolution). */
    private static long statCpuNanos() throws java.io.IOException {
        String s = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII);
        String[] f = s.substring(s.lastIndexOf(')') + 2).trim().split("\\s+");
        long ticks = Long.parseLong(f[14 - 3]) + Long.parseLong(f[15 - 3]);
        return ticks * 1_000_000_000L / ClockTicks.PER_SECOND;
    }
}
