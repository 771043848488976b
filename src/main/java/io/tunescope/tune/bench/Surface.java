package io.tunescope.tune.bench;

import io.tunescope.BadInputException;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The synthetic test functions Active Harmony ships for benchmarking its strategies (example/synth: De Jong's
 * sphere, Rosenbrock's valley, Ackley, Michalewicz; plus Rastrigin), in their textbook form (Molga and Smutnicki,
 * "Test functions for optimization needs", 2005) on the usual domains, all minimised. Each is evaluated on a grid
 * of {@code resolution} evenly spaced levels per dimension, as an integer-knob tuner sees it. The grid may be
 * shifted by whole levels per dimension so the optimum does not sit at the centre, where a simplex started at the
 * centre of the space would find it at once.
 */
public enum Surface {
    SPHERE("sphere", -64, 64) {
        @Override
        double value(double[] x) {
            double s = 0;
            for (double v : x) {
                s += v * v;
            }
            return s;
        }
    },
    ROSENBROCK("rosenbrock", -2, 2) {
        @Override
        double value(double[] x) {
            if (x.length == 1) {
                return (1 - x[0]) * (1 - x[0]);
            }
            double s = 0;
            for (int i = 0; i + 1 < x.length; i++) {
                s += rosenbrockTerm(x[i], x[i + 1]);
            }
            return s;
        }
    },
    ACKLEY("ackley", -32.768, 32.768) {
        @Override
        double value(double[] x) {
            double sq = 0;
            double cos = 0;
            for (double v : x) {
                sq += v * v;
                cos += Math.cos(2 * Math.PI * v);
            }
            int n = x.length;
            return -20 * Math.exp(-0.2 * Math.sqrt(sq / n)) - Math.exp(cos / n) + 20 + Math.E;
        }
    },
    MICHALEWICZ("michalewicz", 0, Math.PI) {
        @Override
        double value(double[] x) {
            double s = 0;
            for (int i = 0; i < x.length; i++) {
                s += michalewiczTerm(i, x[i]);
            }
            return -s;
        }
    },
    RASTRIGIN("rastrigin", -5.12, 5.12) {
        @Override
        double value(double[] x) {
            double s = 10.0 * x.length;
            for (double v : x) {
                s += v * v - 10 * Math.cos(2 * Math.PI * v);
            }
            return s;
        }
    };

    private final String label;
    private final double lo;
    private final double hi;

    Surface(String label, double lo, double hi) {
        this.label = label;
        this.lo = lo;
        this.hi = hi;
    }

    abstract double value(double[] x);

    static double rosenbrockTerm(double a, double b) {
        return 100 * (b - a * a) * (b - a * a) + (1 - a) * (1 - a);
    }

    static double michalewiczTerm(int i, double v) {
        return Math.sin(v) * Math.pow(Math.sin((i + 1) * v * v / Math.PI), 20);
    }

    public String label() {
        return label;
    }

    public static Surface parse(String name) {
        for (Surface s : values()) {
            if (s.label.equals(name.trim().toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw BadInputException.of("function", name, "must be one of " + Arrays.stream(values()).map(Surface::label).toList());
    }

    /** The coordinate of grid level {@code k} of {@code resolution}. */
    public double coordinate(long k, int resolution) {
        return lo + k * (hi - lo) / (resolution - 1);
    }

    /** The function at grid indices {@code levels}, each shifted by {@code offsets} whole levels. */
    public double atLevels(long[] levels, int resolution, int[] offsets) {
        double[] x = new double[levels.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = coordinate(levels[i] + offsets[i], resolution);
        }
        return value(x);
    }

    /**
     * The exact minimum over the grid: per coordinate for the separable functions, by dynamic programming along the
     * chain for Rosenbrock, and at the origin (a grid point, since the resolution is odd) for Ackley.
     */
    public double gridMinimum(int resolution, int[] offsets) {
        int dims = offsets.length;
        switch (this) {
            case ROSENBROCK -> {
                if (dims == 1) {
                    return minOverLevels(resolution, k -> value(new double[] {coordinate(k + offsets[0], resolution)}));
                }
                double[] best = new double[resolution];
                for (int step = 0; step + 1 < dims; step++) {
                    double[] next = new double[resolution];
                    Arrays.fill(next, Double.POSITIVE_INFINITY);
                    for (int a = 0; a < resolution; a++) {
                        double xa = coordinate(a + offsets[step], resolution);
                        for (int b = 0; b < resolution; b++) {
                            double v = best[a] + rosenbrockTerm(xa, coordinate(b + offsets[step + 1], resolution));
                            next[b] = Math.min(next[b], v);
                        }
                    }
                    best = next;
                }
                return Arrays.stream(best).min().orElseThrow();
            }
            case ACKLEY -> {
                long[] origin = new long[dims];
                for (int i = 0; i < dims; i++) {
                    origin[i] = (resolution - 1) / 2 - offsets[i];
                }
                return atLevels(origin, resolution, offsets);
            }
            default -> {
                double s = 0;
                for (int i = 0; i < dims; i++) {
                    int dim = i;
                    s += minOverLevels(resolution, k -> separableTerm(dim, coordinate(k + offsets[dim], resolution)));
                }
                return s;
            }
        }
    }

    private double separableTerm(int dim, double v) {
        return switch (this) {
            case SPHERE -> v * v;
            case RASTRIGIN -> 10 + v * v - 10 * Math.cos(2 * Math.PI * v);
            case MICHALEWICZ -> -michalewiczTerm(dim, v);
            default -> throw new IllegalStateException(label + " is not separable");
        };
    }

    private static double minOverLevels(int resolution, java.util.function.LongToDoubleFunction f) {
        double m = Double.POSITIVE_INFINITY;
        for (long k = 0; k < resolution; k++) {
            m = Math.min(m, f.applyAsDouble(k));
        }
        return m;
    }

    /** The median over {@code samples} uniformly random grid points (a fixed seed): the scale of "5 % of the optimum". */
    public double medianRandom(int resolution, int[] offsets, int samples) {
        SplittableRandom rng = new SplittableRandom(12345);
        double[] v = new double[samples];
        long[] levels = new long[offsets.length];
        for (int s = 0; s < samples; s++) {
            for (int i = 0; i < levels.length; i++) {
                levels[i] = rng.nextInt(resolution);
            }
            v[s] = atLevels(levels, resolution, offsets);
        }
        Arrays.sort(v);
        return v[samples / 2];
    }
}
