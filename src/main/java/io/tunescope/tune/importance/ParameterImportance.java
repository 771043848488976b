package io.tunescope.tune.importance;

import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.TrialRecord;
import io.tunescope.tune.space.Param;
import io.tunescope.tune.space.SearchSpace;
import io.tunescope.tune.strategy.BayesianOptimization;
import io.tunescope.tune.strategy.GaussianProcess;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Ranks parameters by their effect on the objective after a session: a first-order functional ANOVA (as in
 * Hutter, Hoos and Leyton-Brown, ICML 2014, and OtterTune's knob ranking) on a Gaussian-process surrogate fitted to
 * the successful trials. A parameter's main effect is the objective averaged over all other parameters as a
 * function of that parameter alone; its share is the variance of that curve over the variance of the surrogate,
 * estimated by Monte Carlo on {@value #BASE_POINTS} random points and up to {@value #LEVELS} levels.
 */
public final class ParameterImportance {
    static final int BASE_POINTS = 128;
    static final int LEVELS = 16;
    static final int MIN_TRIALS = 5;

    /** One parameter's main-effect share of the surrogate's variance (0..1; the shares need not sum to 1). */
    public record Importance(String parameter, double share) {
    }

    private ParameterImportance() {
    }

    /** The parameters, most important first; empty when fewer than {@value #MIN_TRIALS} trials succeeded. */
    public static List<Importance> rank(SearchSpace space, List<TrialRecord> history, Direction direction, long seed) {
        List<TrialRecord> ok = history.stream().filter(TrialRecord::ok).toList();
        if (ok.size() < MIN_TRIALS) {
            return List.of();
        }
        double[][] x = new double[ok.size()][];
        double[] raw = new double[ok.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = space.toUnit(ok.get(i).config());
            raw[i] = direction.toInternal(ok.get(i).objective());
        }
        double[] y = BayesianOptimization.logScores(raw);
        GaussianProcess gp = fit(x, y, space.categoricalMask());
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] base = new double[BASE_POINTS][];
        double[] baseMeans = new double[BASE_POINTS];
        for (int b = 0; b < BASE_POINTS; b++) {
            base[b] = space.snap(space.randomUnit(new java.util.Random(rng.nextLong())));
            baseMeans[b] = gp.mean(base[b]);
        }
        double total = variance(baseMeans);
        List<Importance> out = new ArrayList<>();
        for (int j = 0; j < space.dims(); j++) {
            double[] curve = mainEffect(gp, space.params().get(j), j, base);
            double share = total > 0 ? Math.min(1.0, variance(curve) / total) : 0;
            out.add(new Importance(space.params().get(j).name(), Math.round(share * 1000) / 1000.0));
        }
        out.sort(Comparator.comparingDouble(Importance::share).reversed());
        return out;
    }

    private static double[] mainEffect(GaussianProcess gp, Param p, int j, double[][] base) {
        int levels = (int) Math.min(LEVELS, p.cardinality());
        double[] curve = new double[levels];
        for (int l = 0; l < levels; l++) {
            double u = p.toUnit(p.fromUnit((l + 0.5) / levels));
            double s = 0;
            for (double[] b : base) {
                double[] q = b.clone();
                q[j] = u;
                s += gp.mean(q);
            }
            curve[l] = s / base.length;
        }
        return curve;
    }

    /** Length scales by coordinate search over a fixed ladder, maximising the marginal likelihood. */
    private static GaussianProcess fit(double[][] x, double[] y, boolean[] categorical) {
        double[] ladder = {0.1, 0.2, 0.4, 0.8, 1.6, 3.2};
        double[] ls = new double[categorical.length];
        Arrays.fill(ls, 0.4);
        GaussianProcess best = GaussianProcess.fit(x, y, categorical, new GaussianProcess.Hyper(ls, 1e-2));
        for (int sweep = 0; sweep < 2; sweep++) {
            for (int j = 0; j < ls.length; j++) {
                double keep = ls[j];
                for (double l : ladder) {
                    ls[j] = l;
                    GaussianProcess g = GaussianProcess.fit(x, y, categorical, new GaussianProcess.Hyper(ls, 1e-2));
                    if (g.logMarginalLikelihood() > best.logMarginalLikelihood()) {
                        best = g;
                        keep = l;
                    }
                }
                ls[j] = keep;
            }
        }
        return best;
    }

    private static double variance(double[] v) {
        double mean = Arrays.stream(v).average().orElse(0);
        return Arrays.stream(v).map(a -> (a - mean) * (a - mean)).average().orElse(0);
    }
}
