package io.tunescope.report.scale;

import io.tunescope.analysis.scale.ContentionSummary;
import io.tunescope.analysis.scale.ModeContention;
import io.tunescope.analysis.scale.PairedRatio;
import io.tunescope.analysis.scale.PointResult;
import io.tunescope.analysis.usl.UslResult;
import io.tunescope.monitor.jfr.HotMethod;
import io.tunescope.monitor.jfr.LockStat;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Plain-text tables of a scale run for the terminal and contention.txt. */
public final class ScaleTables {
    private ScaleTables() {
    }

    public static String points(List<PointResult> points) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%-10s %7s %12s %25s %8s %8s %9s %9s %6s %6s%n", "mode", "threads", "ops/s", "95% CI", "p50 us",
                "p99 us", "cpu cores", "cpu us/op", "load", "errors"));
        for (PointResult p : points) {
            sb.append(String.format(Locale.ROOT, "%-10s %7d %12.0f [%11.0f, %11.0f] %8.2f %8.2f %9.2f %9.3f %6.1f %6d%n",
                    p.mode(), p.threads(), p.opsPerSec(), p.ci95()[0], p.ci95()[1], p.latency().p50Micros(),
                    p.latency().p99Micros(), p.cpuCores(), p.cpuMicrosPerOp(), p.loadAverage(), p.errors()));
        }
        return sb.toString();
    }

    public static String ratios(List<PairedRatio> ratios) {
        StringBuilder sb = new StringBuilder();
        for (PairedRatio r : ratios) {
            sb.append(String.format(Locale.ROOT, "separate/shared at %d threads: median %.2f over %d paired %s "
                    + "(range %.2f-%.2f)%n", r.threads(), r.medianRatio(), r.pairs(), r.pairedBy(), r.minRatio(),
                    r.maxRatio()));
        }
        return sb.toString();
    }

    public static String usl(Map<String, UslResult> fits) {
        StringBuilder sb = new StringBuilder();
        fits.forEach((mode, f) -> {
            sb.append(String.format(Locale.ROOT, "%-10s %s%n", mode, usl(f)));
        });
        return sb.toString();
    }

    public static String usl(UslResult f) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "sigma=%.4g kappa=%.4g lambda=%.4g R2=%.4f peak=%s threads at %s",
                f.sigma(), f.kappa(), f.lambda(), f.r2(), f.peakThreads() == null ? "none" : f.peakThreads(),
                f.peakThroughput() == null ? "-" : String.format(Locale.ROOT, "%.4g", f.peakThroughput())));
        if (f.ci95() != null) {
            sb.append(String.format(Locale.ROOT, "%n           95%% bootstrap (%d refits): sigma [%.4g, %.4g] "
                            + "kappa [%.4g, %.4g] lambda [%.4g, %.4g] peak threads [%s, %s]",
                    f.ci95().samples(), f.ci95().sigma()[0], f.ci95().sigma()[1], f.ci95().kappa()[0],
                    f.ci95().kappa()[1], f.ci95().lambda()[0], f.ci95().lambda()[1],
                    bound(f.ci95().peakThreads()[0]), bound(f.ci95().peakThreads()[1])));
        }
        f.warnings().forEach(w -> sb.append(String.format("%n           warning: %s", w)));
        return sb.toString();
    }

    public static String contention(ContentionSummary summary) {
        StringBuilder sb = new StringBuilder();
        for (ModeContention m : summary.byMode().values()) {
            sb.append(String.format(Locale.ROOT, "== %s, %d threads (%s)%n", m.mode(), m.threads(), m.jfrFile()));
            sb.append(String.format(Locale.ROOT, "   recording cost: %.0f ops/s with JFR vs %s without (ratio %s)%n",
                    m.opsPerSecRecorded(), m.opsPerSecUnrecorded() == null ? "-"
                            : String.format(Locale.ROOT, "%.0f", m.opsPerSecUnrecorded()),
                    m.recordingCostRatio() == null ? "-" : String.format(Locale.ROOT, "%.3f", m.recordingCostRatio())));
            sb.append(String.format(Locale.ROOT, "   ThreadMXBean: %d blocks, %d ms blocked over all user threads%n",
                    m.mxBlockedCount(), m.mxBlockedMillis()));
            sb.append(String.format(Locale.ROOT, "   %-8s %-60s %12s %9s %7s%n", "kind", "class", "blocked ms",
                    "events", "share"));
            for (LockStat s : m.table().topMonitors()) {
                sb.append(String.format(Locale.ROOT, "   %-8s %-60s %12d %9d %6.1f%%%n", s.kind(), s.monitorClass(),
                        s.blockedMillis(), s.events(), s.share() * 100));
                s.topFrames().forEach(f -> sb.append("       at ").append(f).append('\n'));
                s.callPaths().forEach(p -> sb.append("       path ").append(p).append('\n'));
            }
            sb.append(String.format(Locale.ROOT, "   on CPU (jdk.ExecutionSample every 10 ms, user threads): %d "
                    + "samples%n", m.table().cpuSamples()));
            for (HotMethod h : m.table().hotMethods()) {
                sb.append(String.format(Locale.ROOT, "   %6.1f%%  %s%s%n", h.share() * 100, h.method(),
                        h.topCaller().isEmpty() ? "" : "  <- " + h.topCaller()));
            }
        }
        return sb.toString();
    }

    private static String bound(Double v) {
        return v == null ? "unbounded" : String.format(Locale.ROOT, "%.0f", v);
    }
}
