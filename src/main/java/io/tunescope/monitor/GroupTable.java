package io.tunescope.monitor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The per-thread-group table {@code tunescope monitor} prints for people. */
public final class GroupTable {
    private GroupTable() {
    }

    public static String render(MonitorReport report) {
        Map<String, long[]> counts = new TreeMap<>();
        Map<String, double[]> cpu = new TreeMap<>();
        for (MonitorReport.ThreadEntry t : report.threads()) {
            String key = t.tenant() + "\t" + t.pid() + "\t" + t.role() + "\t" + t.group();
            long[] c = counts.computeIfAbsent(key, k -> new long[8]);
            c[0]++;
            c[1] += t.runningSamples();
            c[2] += t.sleepingSamples();
            c[3] = add(c[3], t.voluntarySwitches());
            c[4] = add(c[4], t.involuntarySwitches());
            c[5] = add(c[5], t.migrations());
            c[6] += t.rsJumpsSampled();
            c[7] += t.coreChangesSampled();
            double[] m = cpu.computeIfAbsent(key, k -> new double[1]);
            m[0] = t.cpuMillis() == null || Double.isNaN(m[0]) ? Double.NaN : m[0] + t.cpuMillis();
        }
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "%-8s %7s %-7s %-18s %4s %10s %7s %8s %8s %7s %8s %8s",
                "tenant", "pid", "role", "group", "thr", "cpu ms", "run %", "vol sw", "invol sw", "migr",
                "rs jumps", "core chg"));
        counts.forEach((key, c) -> {
            String[] k = key.split("\t");
            double samples = c[1] + c[2];
            double cpuMs = cpu.get(key)[0];
            lines.add(String.format(Locale.ROOT, "%-8s %7s %-7s %-18s %4d %10s %6.1f%% %8s %8s %7s %8d %8d",
                    k[0], k[1], k[2], k[3], c[0], Double.isNaN(cpuMs) ? "n/a" : String.format(Locale.ROOT, "%.1f",
                            cpuMs), samples == 0 ? 0.0 : 100.0 * c[1] / samples, show(c[3]), show(c[4]), show(c[5]),
                    c[6], c[7]));
        });
        lines.add(String.format(Locale.ROOT, "%d samples in %d ticks over %.0f ms at %.1f ms; %d missed, %d late; "
                        + "sampler CPU %s ms (%s µs per sweep); machine CPU %s ms, %s context switches",
                report.samples(), report.ticks(), report.durationMillis(), report.intervalMillis(),
                report.missedTicks(), report.lateTicks(), fmt(report.selfCpuMillis()),
                fmt(report.selfCpuMicrosPerSweep()), fmt(report.system().cpuMillis()),
                report.system().contextSwitches() == null ? "n/a" : report.system().contextSwitches().toString()));
        for (String p : report.problems()) {
            lines.add("not measured: " + p);
        }
        return String.join(System.lineSeparator(), lines);
    }

    private static long add(long acc, Long v) {
        return acc < 0 || v == null ? -1 : acc + v;
    }

    private static String show(long v) {
        return v < 0 ? "n/a" : Long.toString(v);
    }

    private static String fmt(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.1f", v);
    }
}
