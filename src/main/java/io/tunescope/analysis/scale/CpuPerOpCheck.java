package io.tunescope.analysis.scale;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Flags points whose CPU per operation is far above the lowest at the same thread count: the same statement should
 * cost about the same CPU in every mode, so a 3x gap usually means that JVM had not finished JIT compiling (an
 * interpreted or half-compiled statement costs many times the CPU of a compiled one).
 */
public final class CpuPerOpCheck {
    static final double RATIO = 3.0;

    private CpuPerOpCheck() {
    }

    public static List<String> warnings(List<PointResult> points) {
        List<String> out = new ArrayList<>();
        for (PointResult p : points) {
            double best = points.stream().filter(q -> q.threads() == p.threads())
                    .mapToDouble(PointResult::cpuMicrosPerOp).filter(v -> v > 0).min().orElse(Double.NaN);
            if (best > 0 && p.cpuMicrosPerOp() > RATIO * best) {
                out.add(String.format(Locale.ROOT, "%s at %d threads used %.2f us of CPU per operation, %.1fx the "
                                + "lowest at that thread count: that JVM was probably still JIT compiling; raise "
                                + "--warmup-seconds", p.mode(), p.threads(), p.cpuMicrosPerOp(),
                        p.cpuMicrosPerOp() / best));
            }
        }
        return out;
    }
}
