package io.tunescope.tune.strategy;

import org.hipparchus.distribution.continuous.NormalDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Gaussian-process Bayesian optimisation with expected improvement, on the grid: a Latin-hypercube start of
 * {@code max(5, 2d)} points, then one point at a time, the grid point (never one already measured) with the highest
 * expected improvement among candidates in a TuRBO-style trust region around the best point (the whole cube when
 * the region collapses). Targets are log-warped and standardised (see {@link #logScores}), which tames the
 * objective's scale and the penalty values of failed or rejected points (a rank transform did no better). The
 * process models what a separable quadratic trend ({@link QuadraticTrend}, fitted once there are two points more
 * than its coefficients) leaves over: the trend carries a surface's overall bowl shape, so the process only has to
 * learn the ripples on it (it reached targets the plain process did not, at some cost on Michalewicz;
 * docs/benchmarks.md, tuner sample efficiency). Length scales and noise are refitted by maximum marginal likelihood
 * on a schedule that thins out as data grows, and the training set is capped, because a fit costs O(n^3).
 */
public final class BayesianOptimization implements Strategy {
    static final int MAX_TRAINING_POINTS = 150;
    private static final int RANDOM_CANDIDATES = 300;
    private static final int LOCAL_CANDIDATES = 700;
    private static final double[] NOISE_LEVELS = {1e-6, 1e-4, 1e-3, 1e-2, 0.05, 0.2};
    private static final NormalDistribution NORMAL = new NormalDistribution(0, 1);

    private final StrategyContext ctx;
    private final SplittableRandom rng;
    private final List<double[]> xs = new ArrayList<>();
    private final List<Double> ys = new ArrayList<>();
    private final Set<Key> seen = new HashSet<>();
    private final double[][] initial;
    private int initialHandedOut;
    private int inFlight;
    private double[] lengthScales;
    private int noiseIndex = 1;
    private int lastHyperFitSize = -1;
    private final TrustRegion region;
    private final java.util.ArrayDeque<double[]> restartDesign = new java.util.ArrayDeque<>();
    private int epochStart;
    private boolean lastFromRegion;

    public BayesianOptimization(StrategyContext ctx) {
        this.ctx = ctx;
        this.rng = new SplittableRandom(ctx.seed());
        this.initial = LatinHypercube.design(Math.max(5, 2 * ctx.dims()), ctx.dims(), rng);
        this.lengthScales = new double[ctx.dims()];
        Arrays.fill(lengthScales, 0.3);
        this.region = new TrustRegion(ctx.dims());
    }

    private record Key(double[] p) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(p, k.p);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(p);
        }
    }

    @Override
    public double[] ask() {
        if (initialHandedOut < initial.length) {
            return initial[initialHandedOut++].clone();
        }
        if (inFlight > 0 || xs.size() < 2) {
            if (inFlight > 0) {
                return null;
            }
            inFlight++;
            return randomPoint();
        }
        inFlight++;
        return propose();
    }

    @Override
    public void tell(double[] point, double value) {
        if (initialHandedOut >= initial.length && inFlight > 0) {
            inFlight--;
            if (lastFromRegion) {
                region.update(value, epochBestValue());
            }
        }
        observe(point, value);
    }

    /** The best value since the trust region last restarted. */
    private double epochBestValue() {
        double best = Double.POSITIVE_INFINITY;
        for (int i = epochStart; i < ys.size(); i++) {
            best = Math.min(best, ys.get(i));
        }
        return best;
    }

    @Override
    public void observe(double[] point, double value) {
        double[] p = ctx.snap().apply(point);
        if (seen.add(new Key(p))) {
            xs.add(p);
            ys.add(value);
        }
    }

    private double[] randomPoint() {
        double[] u = new double[ctx.dims()];
        for (int i = 0; i < u.length; i++) {
            u[i] = rng.nextDouble();
        }
        return u;
    }

    private double[] propose() {
        lastFromRegion = false;
        if (!restartDesign.isEmpty()) {
            return restartDesign.poll();
        }
        int[] train = trainingSet();
        double[][] x = new double[train.length][];
        double[] yRaw = new double[train.length];
        for (int i = 0; i < train.length; i++) {
            x[i] = xs.get(train[i]);
            yRaw[i] = ys.get(train[i]);
        }
        double[] y = logScores(yRaw);
        boolean useTrend = x.length >= QuadraticTrend.basisSize(ctx.categorical()) + 2;
        QuadraticTrend trend = useTrend ? QuadraticTrend.fit(x, y, ctx.categorical())
                : QuadraticTrend.none(ctx.categorical());
        double[] residual = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            residual[i] = y[i] - trend.at(x[i]);
        }
        double scale = Math.max(1e-6, Math.sqrt(Arrays.stream(residual).map(r -> r * r).average().orElse(1)));
        for (int i = 0; i < y.length; i++) {
            residual[i] /= scale;
        }
        GaussianProcess gp = fitModel(x, residual);
        int centre = -1;
        for (int i = 0; i < train.length; i++) {
            if (train[i] >= epochStart && (centre < 0 || y[i] < y[centre])) {
                centre = i;
            }
        }
        if (centre < 0) {
            centre = Simplexes.argMin(y);
        }
        double best = y[centre];
        double[] bestPoint = null;
        double bestEi = -1;
        List<double[]> candidates = region.collapsed() ? List.of() : localCandidates(x[centre]);
        if (candidates.isEmpty()) {
            return restart();
        }
        lastFromRegion = true;
        for (double[] c : candidates) {
            double[] mv = gp.predict(c);
            double ei = expectedImprovement(best, trend.at(c) + scale * mv[0], scale * Math.sqrt(mv[1]));
            if (ei > bestEi) {
                bestEi = ei;
                bestPoint = c;
            }
        }
        return bestPoint != null ? bestPoint : randomPoint();
    }

    static double expectedImprovement(double best, double mean, double sd) {
        double gain = best - mean;
        double z = gain / sd;
        return gain * NORMAL.cumulativeProbability(z) + sd * NORMAL.density(z);
    }

    /** All points, or (above the cap) the best half of the cap plus the most recent ones. */
    private int[] trainingSet() {
        int n = xs.size();
        if (n <= MAX_TRAINING_POINTS) {
            return java.util.stream.IntStream.range(0, n).toArray();
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(ys::get));
        Set<Integer> keep = new java.util.TreeSet<>();
        for (int i = 0; i < MAX_TRAINING_POINTS / 2; i++) {
            keep.add(order[i]);
        }
        for (int i = n - 1; keep.size() < MAX_TRAINING_POINTS; i--) {
            keep.add(i);
        }
        return keep.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * A log warp, standardised: {@code log(y - min + delta)} with {@code delta} a small fraction of the spread, which
     * keeps the shape near the optimum while taming far-off values; infinite penalties become the largest finite value.
     */
    public static double[] logScores(double[] y) {
        double max = Arrays.stream(y).filter(Double::isFinite).max().orElse(0);
        double min = Arrays.stream(y).filter(Double::isFinite).min().orElse(0);
        double[] v = new double[y.length];
        double[] sorted = Arrays.stream(y).map(a -> Double.isFinite(a) ? a : max).sorted().toArray();
        double median = sorted[sorted.length / 2];
        double delta = Math.max(1e-12, 0.01 * (median - min)) + 1e-12 * Math.abs(min);
        for (int i = 0; i < y.length; i++) {
            v[i] = Math.log((Double.isFinite(y[i]) ? y[i] : max) - min + delta);
        }
        double mean = Arrays.stream(v).average().orElse(0);
        double sd = Math.sqrt(Arrays.stream(v).map(a -> (a - mean) * (a - mean)).average().orElse(1));
        for (int i = 0; i < v.length; i++) {
            v[i] = sd > 0 ? (v[i] - mean) / sd : 0;
        }
        return v;
    }

    private GaussianProcess fitModel(double[][] x, double[] y) {
        int n = x.length;
        boolean refit = lastHyperFitSize < 0 || n < 30 || (n < 100 ? n - lastHyperFitSize >= 3 : n - lastHyperFitSize >= 10);
        if (!refit) {
            return GaussianProcess.fit(x, y, ctx.categorical(), hyper());
        }
        lastHyperFitSize = n;
        GaussianProcess best = GaussianProcess.fit(x, y, ctx.categorical(), hyper());
        double bestScore = score(best);
        for (int sweep = 0; sweep < 2; sweep++) {
            for (int j = 0; j < lengthScales.length; j++) {
                for (double factor : new double[] {2.0, 0.5}) {
                    double old = lengthScales[j];
                    double next = old * factor;
                    if (next < 0.02 || next > 8) {
                        continue;
                    }
                    lengthScales[j] = next;
                    GaussianProcess g = GaussianProcess.fit(x, y, ctx.categorical(), hyper());
                    if (score(g) > bestScore) {
                        best = g;
                        bestScore = score(g);
                        break;
                    }
                    lengthScales[j] = old;
                }
            }
            for (int step : new int[] {1, -1}) {
                int old = noiseIndex;
                int next = old + step;
                if (next < 0 || next >= NOISE_LEVELS.length) {
                    continue;
                }
                noiseIndex = next;
                GaussianProcess g = GaussianProcess.fit(x, y, ctx.categorical(), hyper());
                if (score(g) > bestScore) {
                    best = g;
                    bestScore = score(g);
                    break;
                }
                noiseIndex = old;
            }
        }
        return best;
    }

    private GaussianProcess.Hyper hyper() {
        return new GaussianProcess.Hyper(lengthScales, NOISE_LEVELS[noiseIndex]);
    }

    /** Marginal likelihood plus a weak log-normal prior on the length scales (centred at 0.5), against degenerate fits. */
    private double score(GaussianProcess g) {
        double s = g.logMarginalLikelihood();
        for (double l : g.hyper().lengthScales()) {
            double z = Math.log(l / 0.5) / 1.5;
            s -= 0.5 * z * z;
        }
        return s;
    }

    /**
     * Candidates in the trust region around the best point: a box of side {@code length} scaled per coordinate by
     * the model's length scales (as TuRBO does), with a random subset of coordinates changed in each candidate.
     */
    private List<double[]> localCandidates(double[] centre) {
        double geo = Math.exp(Arrays.stream(lengthScales).map(Math::log).average().orElse(0));
        double change = Math.min(1.0, 20.0 / ctx.dims());
        Set<Key> fresh = new HashSet<>();
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < RANDOM_CANDIDATES + LOCAL_CANDIDATES; i++) {
            double[] c = centre.clone();
            int forced = rng.nextInt(c.length);
            for (int j = 0; j < c.length; j++) {
                if (j == forced || rng.nextDouble() < change) {
                    if (ctx.categorical()[j]) {
                        c[j] = rng.nextDouble();
                    } else {
                        double half = region.length() * lengthScales[j] / geo / 2;
                        double lo = Math.max(0, centre[j] - half);
                        double hi = Math.min(1, centre[j] + half);
                        c[j] = lo + rng.nextDouble() * (hi - lo);
                    }
                }
            }
            addCandidate(c, fresh, out);
        }
        return out;
    }

    /**
     * The trust region around this epoch's best point has collapsed: as TuRBO does, start a new epoch elsewhere from
     * a small Latin-hypercube design (the model keeps all data); the region then centres on the new epoch's best.
     */
    private double[] restart() {
        region.restart();
        epochStart = xs.size() + inFlight - 1;
        for (double[] p : LatinHypercube.design(Math.min(5, Math.max(2, ctx.dims())), ctx.dims(), rng)) {
            restartDesign.add(p);
        }
        return restartDesign.poll();
    }

    private void addCandidate(double[] c, Set<Key> fresh, List<double[]> out) {
        double[] s = ctx.snap().apply(c);
        Key k = new Key(s);
        if (!seen.contains(k) && fresh.add(k)) {
            out.add(s);
        }
    }

    @Override
    public String name() {
        return "gp";
    }
}
