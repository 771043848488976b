package io.tunescope.analysis.usl;

/**
 * The Universal Scalability Law X(N) = λN / (1 + σ(N−1) + κN(N−1)) (Gunther): σ contention, κ coherency
 * (crosstalk), λ the throughput of one unit of concurrency without either.
 */
public record UslModel(double sigma, double kappa, double lambda) {
    public UslModel {
        if (!Double.isFinite(sigma) || !Double.isFinite(kappa) || !Double.isFinite(lambda)) {
            throw new IllegalArgumentException("sigma, kappa, lambda must be finite: " + sigma + ", " + kappa
                    + ", " + lambda);
        }
    }

    public double throughputAt(double n) {
        return lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1));
    }

    /**
     * N* = floor(sqrt((1−σ)/κ)), at least 1; {@code Integer.MAX_VALUE} when κ is 0 and σ below 1 (throughput then
     * rises forever towards λ/σ). With σ at 1 throughput never grows past one unit of concurrency, so N* is 1.
     */
    public int peakThreads() {
        if (kappa <= 0) {
            return sigma >= 1 ? 1 : Integer.MAX_VALUE;
        }
        double n = Math.floor(Math.sqrt(Math.max(0, 1 - sigma) / kappa));
        return n >= Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) Math.max(1, n);
    }

    /** Throughput at {@link #peakThreads()}, or the asymptote λ/σ when there is no peak (infinite if σ is 0 too). */
    public double peakThroughput() {
        int peak = peakThreads();
        if (peak == Integer.MAX_VALUE) {
            return sigma > 0 ? lambda / sigma : Double.POSITIVE_INFINITY;
        }
        return throughputAt(peak);
    }
}
