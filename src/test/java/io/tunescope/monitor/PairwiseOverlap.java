package io.tunescope.monitor;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** The overlaps of executions by comparing every pair: quadratic, the reference {@link ExecutionOverlap} must match. */
final class PairwiseOverlap {
    private PairwiseOverlap() {
    }

    /** {@code n} executions over {@code tenants} tenants in {@code [0, horizon)}; one in five has zero length. */
    static List<Execution> randomExecutions(Random random, int n, int tenants, int horizon) {
        List<Execution> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long start = random.nextInt(horizon);
            long length = random.nextInt(5) == 0 ? 0 : random.nextInt(Math.max(1, horizon / 4));
            out.add(new Execution("t" + random.nextInt(tenants), i, "Q" + (i % 22 + 1), start, start + length));
        }
        return out;
    }

    /** What the sweep must give, by comparing {@code e} with every execution. */
    static double meanInFlight(Execution e, List<Execution> all) {
        long span = e.endNanos() - e.startNanos();
        if (span <= 0) {
            return 1.0;
        }
        double overlapNanos = 0;
        for (Execution o : all) {
            if (o.tenant().equals(e.tenant())) {
                overlapNanos += Math.max(0, Math.min(o.endNanos(), e.endNanos())
                        - Math.max(o.startNanos(), e.startNanos()));
            }
        }
        return Math.max(1.0, overlapNanos / span);
    }

    static int overlapping(Execution e, List<Execution> all) {
        int n = 0;
        for (Execution o : all) {
            if (o.tenant().equals(e.tenant()) && o.startNanos() < e.endNanos() && o.endNanos() > e.startNanos()) {
                n++;
            }
        }
        return Math.max(1, n);
    }
}
