package io.tunescope.tune.bench;

import java.util.Locale;

/** The benchmark's figures as a plain-text table. */
public final class BenchTable {
    private BenchTable() {
    }

    public static String render(TuneBench.Outcome o) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-12s %4s %-12s %5s %9s %11s %11s %11s %11s %9s%n", "function", "dims",
                "strategy", "seeds", "to5%", "best@25", "best@50", "best@100", "best@200", "ms/run"));
        for (BenchResult r : o.results()) {
            sb.append(String.format(Locale.ROOT, "%-12s %4d %-12s %5d %9s %11s %11s %11s %11s %9.0f%n", r.function(),
                    r.dims(), r.strategy(), r.seeds(),
                    r.medianTrialsToWithin5Percent() == null ? "-" : r.medianTrialsToWithin5Percent() + " (" + r.seedsReachingTarget() + ")",
                    fmt(r.medianBestAt().get("25")), fmt(r.medianBestAt().get("50")), fmt(r.medianBestAt().get("100")),
                    fmt(r.medianBestAt().get("200")), r.medianMillisPerRun()));
        }
        sb.append(String.format(Locale.ROOT, "%nwall time %.1f s; 'to5%%' is the median trials to come within 5%% "
                + "of the optimum (seeds that got there); best@N the median true best-so-far%n", o.wallSeconds()));
        return sb.toString();
    }

    private static String fmt(Double v) {
        if (v == null) {
            return "-";
        }
        return Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v != 0) ? String.format(Locale.ROOT, "%.3e", v)
                : String.format(Locale.ROOT, "%.4f", v);
    }
}
