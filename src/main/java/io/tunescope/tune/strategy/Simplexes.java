package io.tunescope.tune.strategy;

/** Geometry shared by the simplex strategies (Nelder-Mead, Parallel Rank Order) on the unit cube. */
final class Simplexes {
    private Simplexes() {
    }

    /** {@code a + factor * (b - a)}, coordinate by coordinate. */
    static double[] along(double[] a, double[] b, double factor) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] + factor * (b[i] - a[i]);
        }
        return out;
    }

    static boolean inBounds(double[] p) {
        for (double v : p) {
            if (!(v >= 0.0 && v <= 1.0)) {
                return false;
            }
        }
        return true;
    }

    static double[] clamp(double[] p) {
        double[] out = p.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.max(0.0, Math.min(1.0, out[i]));
        }
        return out;
    }

    static int argMin(double[] values) {
        int best = 0;
        for (int i = 1; i < values.length; i++) {
            if (values[i] < values[best]) {
                best = i;
            }
        }
        return best;
    }

    static double distance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(s);
    }

    /**
     * Active Harmony's convergence test: the vertex values agree within {@code fvalTol} (relative to the best value's
     * magnitude, at least 1) or every vertex lies within {@code sizeTol} of the best one.
     */
    static boolean converged(double[][] simplex, double[] values, double fvalTol, double sizeTol) {
        int best = argMin(values);
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        double size = 0;
        for (int i = 0; i < values.length; i++) {
            lo = Math.min(lo, values[i]);
            hi = Math.max(hi, values[i]);
            size = Math.max(size, distance(simplex[i], simplex[best]));
        }
        boolean flat = Double.isFinite(hi) && hi - lo <= fvalTol * Math.max(1.0, Math.abs(lo));
        return flat || size < sizeTol;
    }

    /**
     * {@code d+1} vertices of a regular simplex centred at {@code centre}, each {@code radius} away from it, clamped
     * into the unit cube.
     */
    static double[][] regular(double[] centre, double radius) {
        int d = centre.length;
        double[][] raw = new double[d + 1][d];
        for (int i = 0; i < d; i++) {
            raw[i][i] = 1.0;
        }
        double last = (1.0 - Math.sqrt(d + 1.0)) / d;
        for (int j = 0; j < d; j++) {
            raw[d][j] = last;
        }
        double[] mean = new double[d];
        for (double[] v : raw) {
            for (int j = 0; j < d; j++) {
                mean[j] += v[j] / (d + 1);
            }
        }
        double[][] out = new double[d + 1][];
        for (int i = 0; i <= d; i++) {
            double norm = distance(raw[i], mean);
            double[] v = new double[d];
            for (int j = 0; j < d; j++) {
                v[j] = centre[j] + radius * (raw[i][j] - mean[j]) / norm;
            }
            out[i] = clamp(v);
        }
        return out;
    }
}
