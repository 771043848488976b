package io.tunescope.tune.bench;

import io.tunescope.tune.session.Trial;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.Param;
import io.tunescope.tune.space.SearchSpace;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Runs one {@link BenchCase} through a real {@link TuningSession} (so the cache and rounding are part of what is
 * measured) and returns, after each trial, the true (noise-free) value of the configuration the tuner would report
 * as best so far, i.e. the best observed one.
 */
public final class BenchRunner {
    private BenchRunner() {
    }

    /** A run's best-so-far true values, with the grid optimum and the "within 5 %" target of its shifted grid. */
    public record Trace(double[] bestTrue, double optimum, double medianRandom, double target) {
    }

    public static Trace run(BenchCase c) {
        int[] offsets = c.offsets();
        double optimum = c.surface().gridMinimum(c.resolution(), offsets);
        double median = c.surface().medianRandom(c.resolution(), offsets, 2001);
        double scale = median - optimum;
        List<Param> params = new ArrayList<>();
        for (int i = 0; i < c.dims(); i++) {
            params.add(IntParam.of("x" + (i + 1), 0, c.resolution() - 1));
        }
        SearchSpace space = new SearchSpace(params, List.of());
        TuningSession session = TuningSession.builder(space).strategy(c.strategy()).seed(c.seed())
                .evaluateDefaultFirst(false).budgetTrials(c.budget()).build();
        SplittableRandom noise = new SplittableRandom(c.seed() * 7919 + 17);
        double[] bestTrue = new double[c.budget()];
        double bestObserved = Double.POSITIVE_INFINITY;
        double bestTruth = Double.POSITIVE_INFINITY;
        long[] levels = new long[c.dims()];
        for (int t = 0; t < c.budget(); t++) {
            Optional<Trial> next = session.ask();
            if (next.isEmpty()) {
                bestTrue[t] = bestTruth;
                continue;
            }
            Trial trial = next.get();
            for (int i = 0; i < levels.length; i++) {
                levels[i] = ((Number) trial.config().get("x" + (i + 1))).longValue();
            }
            double truth = c.surface().atLevels(levels, c.resolution(), offsets);
            double observed = truth + c.noiseFraction() * scale * noise.nextGaussian();
            if (c.quantumFraction() > 0) {
                double q = c.quantumFraction() * scale;
                observed = Math.round(observed / q) * q;
            }
            session.tell(trial, observed);
            if (observed < bestObserved) {
                bestObserved = observed;
                bestTruth = truth;
            }
            bestTrue[t] = bestTruth;
        }
        return new Trace(bestTrue, optimum, median, optimum + TuneBench.TARGET_FRACTION * scale);
    }
}
