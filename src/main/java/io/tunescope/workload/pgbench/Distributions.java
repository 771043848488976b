package io.tunescope.workload.pgbench;

import java.util.SplittableRandom;

/**
 * pgbench's random functions over {@code [lb, ub]}, inclusive, drawn from one user's stream; each checks its range and
 * parameter as pgbench does (gaussian parameter at least 2, zipfian 1.001 to 1000, exponential above 0).
 */
public final class Distributions {
    public static final double MIN_GAUSSIAN_PARAMETER = 2.0;
    public static final double MIN_ZIPFIAN_PARAMETER = 1.001;
    public static final double MAX_ZIPFIAN_PARAMETER = 1000.0;

    private Distributions() {
    }

    public static long uniform(SplittableRandom random, long lb, long ub) throws EvalException {
        checkRange(lb, ub);
        if (lb == ub) {
            return lb;
        }
        // ub - lb + 1 overflows only for the whole long range, which checkRange refuses
        return lb + random.nextLong(ub - lb + 1);
    }

    static long exponential(SplittableRandom random, long lb, long ub, double parameter) throws EvalException {
        checkRange(lb, ub);
        if (!(parameter > 0.0)) {
            throw new EvalException("exponential parameter must be greater than zero (got " + parameter + ")");
        }
        double cut = Math.exp(-parameter);
        // 1 - u is in (0, 1]: log never sees 0
        double uniform = 1.0 - random.nextDouble();
        double rand = -Math.log(cut + (1.0 - cut) * uniform) / parameter;
        return lb + (long) ((ub - lb + 1) * rand);
    }

    public static long gaussian(SplittableRandom random, long lb, long ub, double parameter) throws EvalException {
        checkRange(lb, ub);
        if (parameter < MIN_GAUSSIAN_PARAMETER) {
            throw new EvalException("gaussian parameter must be at least " + MIN_GAUSSIAN_PARAMETER
                    + " (got " + parameter + ")");
        }
        double stdev;
        do {
            // Box-Muller; u1 in (0, 1] so that log is finite
            double u1 = 1.0 - random.nextDouble();
            double u2 = random.nextDouble();
            stdev = Math.sqrt(-2.0 * Math.log(u1)) * Math.sin(2.0 * Math.PI * u2);
        } while (stdev < -parameter || stdev >= parameter);
        double rand = (stdev + parameter) / (parameter * 2.0);
        return lb + (long) ((ub - lb + 1) * rand);
    }

    /** Bounded Zipfian by rejection (Devroye, Non-Uniform Random Variate Generation, 1986, pp. 550-551). */
    public static long zipfian(SplittableRandom random, long lb, long ub, double s) throws EvalException {
        checkRange(lb, ub);
        if (s < MIN_ZIPFIAN_PARAMETER || s > MAX_ZIPFIAN_PARAMETER) {
            throw new EvalException("zipfian parameter must be in range [" + MIN_ZIPFIAN_PARAMETER + ", "
                    + MAX_ZIPFIAN_PARAMETER + "] (got " + s + ")");
        }
        double n = (double) (ub - lb + 1);
        double b = Math.pow(2.0, s - 1.0);
        double x;
        while (true) {
            double u = 1.0 - random.nextDouble();
            double v = random.nextDouble();
            x = Math.floor(Math.pow(u, -1.0 / (s - 1.0)));
            double t = Math.pow(1.0 + 1.0 / x, s - 1.0);
            if (v * x * (t - 1.0) / (b - 1.0) <= t / b && x <= n) {
                break;
            }
        }
        return lb + (long) x - 1;
    }

    private static void checkRange(long lb, long ub) throws EvalException {
        if (lb > ub) {
            throw new EvalException("empty range given to random: [" + lb + ", " + ub + "]");
        }
        if (ub - lb < 0 || ub - lb == Long.MAX_VALUE) {
            throw new EvalException("random range is too large: [" + lb + ", " + ub + "]");
        }
    }

    private static final long MURMUR_MUL = 0xc6a4a7935bd1e995L;
    private static final int MURMUR_ROT = 47;
    private static final long FNV_PRIME = 0x100000001b3L;
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;

    /** MurmurHash64A of one 64-bit value, as pgbench's {@code hash} and {@code hash_murmur2}. */
    static long murmur2(long value, long seed) {
        long result = seed ^ (8 * MURMUR_MUL);
        long k = value * MURMUR_MUL;
        k ^= k >>> MURMUR_ROT;
        k *= MURMUR_MUL;
        result ^= k;
        result *= MURMUR_MUL;
        result ^= result >>> MURMUR_ROT;
        result *= MURMUR_MUL;
        result ^= result >>> MURMUR_ROT;
        return result;
    }

    /** FNV-1a over the value's eight bytes, low byte first, as pgbench's {@code hash_fnv1a}. */
    static long fnv1a(long value, long seed) {
        long result = FNV_OFFSET ^ seed;
        long v = value;
        for (int i = 0; i < 8; i++) {
            result ^= v & 0xff;
            result *= FNV_PRIME;
            v >>= 8;
        }
        return result;
    }
}
