package io.tunescope.analysis.scale;

import io.tunescope.monitor.jfr.HotMethod;
import io.tunescope.monitor.jfr.LockStat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The one-line verdict: the separate/shared ratio at the largest thread count and the lock to blame. */
public final class Verdict {
    private Verdict() {
    }

    /** Prefers the median paired ratio at the largest thread count; falls back to the ratio of means. */
    public static String of(List<PointResult> points, List<PairedRatio> ratios, ContentionSummary contention) {
        List<String> parts = new ArrayList<>();
        int maxThreads = points.stream().mapToInt(PointResult::threads).max().orElse(0);
        Optional<PointResult> shared = find(points, "shared", maxThreads);
        Optional<PointResult> separate = find(points, "separate", maxThreads);
        Optional<PairedRatio> paired = ratios.stream().filter(r -> r.threads() == maxThreads).findFirst();
        if (paired.isPresent() && paired.get().pairs() > 1) {
            parts.add(String.format(Locale.ROOT, "separate/shared throughput at %d threads: %.2f (median of %d "
                    + "paired %s, range %.2f-%.2f)", maxThreads, paired.get().medianRatio(), paired.get().pairs(),
                    paired.get().pairedBy(), paired.get().minRatio(), paired.get().maxRatio()));
        } else if (shared.isPresent() && separate.isPresent() && shared.get().opsPerSec() > 0) {
            parts.add(String.format(Locale.ROOT, "separate/shared throughput at %d threads: %.2f", maxThreads,
                    separate.get().opsPerSec() / shared.get().opsPerSec()));
        } else {
            points.stream().filter(p -> p.threads() == maxThreads).forEach(p -> parts.add(String.format(Locale.ROOT,
                    "%s at %d threads: %.0f ops/s", p.mode(), maxThreads, p.opsPerSec())));
        }
        if (contention != null) {
            parts.add(lockPart(contention));
        }
        return String.join("; ", parts);
    }

    private static String lockPart(ContentionSummary contention) {
        if (contention.topMonitors().isEmpty()) {
            String none = "no contended monitor or park recorded (" + contention.mode() + ", "
                    + contention.threads() + " threads)";
            return hottestMethod(contention).map(h -> String.format(Locale.ROOT,
                    "%s; hottest method on CPU: %s (%.1f%% of samples)", none, h.method(), h.share() * 100))
                    .orElse(none);
        }
        LockStat top = contention.topMonitors().get(0);
        String where = top.topFrames().isEmpty() ? "" : " in " + methodOf(top.topFrames().get(0)) + "()";
        String what = top.kind().equals("monitor") ? "top contended monitor" : "top parked-on lock";
        return String.format(Locale.ROOT, "%s: %s (%.1f%% of blocked time, %s mode)%s", what, top.monitorClass(),
                top.share() * 100, contention.mode(), where);
    }

    private static Optional<HotMethod> hottestMethod(ContentionSummary contention) {
        ModeContention m = contention.byMode().get(contention.mode());
        if (m == null || m.table() == null || m.table().hotMethods().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(m.table().hotMethods().get(0));
    }

    /** {@code a.b.C.method:12} becomes {@code method}. */
    static String methodOf(String frame) {
        String noLine = frame.contains(":") ? frame.substring(0, frame.lastIndexOf(':')) : frame;
        return noLine.substring(noLine.lastIndexOf('.') + 1);
    }

    private static Optional<PointResult> find(List<PointResult> points, String mode, int threads) {
        return points.stream().filter(p -> p.mode().equals(mode) && p.threads() == threads).findFirst();
    }
}
