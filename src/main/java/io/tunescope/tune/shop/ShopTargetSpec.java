package io.tunescope.tune.shop;

import io.tunescope.BadInputException;
import io.tunescope.shop.Mix;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The {@code target:} section of a tuning file with {@code engine: shop}: the load of each trial (mix, emulated
 * browsers, think-time scale), the store (items, scale-down, database tier and PostgreSQL's binaries), the stack's
 * shape (application nodes, proxy), the phases of one measurement (ramp-up as warm-up, measure, ramp-down as
 * cool-down), the objective, the time limit of a trial, the re-validation runs and the seed of the store and the
 * browsers (the same for every trial: common random numbers), and whether one stack serves every trial
 * ({@code persistent}: populated once, each trial's knobs applied by reload where the tier allows) or each trial
 * starts its own.
 */
public record ShopTargetSpec(Mix mix, int browsers, double thinkScale, int items, int scaleDown, String database,
                             Path pgBin, int appNodes, String proxy, Duration rampUp, Duration measure,
                             Duration rampDown, ShopObjective objective, Duration timeout, int revalidateRuns,
                             long seed, boolean persistent) {
    public static final int MIN_REVALIDATE_RUNS = 3;

    /** A target that starts a fresh stack for each trial. */
    public ShopTargetSpec(Mix mix, int browsers, double thinkScale, int items, int scaleDown, String database,
                          Path pgBin, int appNodes, String proxy, Duration rampUp, Duration measure,
                          Duration rampDown, ShopObjective objective, Duration timeout, int revalidateRuns,
                          long seed) {
        this(mix, browsers, thinkScale, items, scaleDown, database, pgBin, appNodes, proxy, rampUp, measure, rampDown,
                objective, timeout, revalidateRuns, seed, false);
    }

    public ShopTargetSpec {
        if (revalidateRuns != 0 && revalidateRuns < MIN_REVALIDATE_RUNS) {
            throw BadInputException.of("target.revalidate", revalidateRuns,
                    "must be 0 (none) or at least " + MIN_REVALIDATE_RUNS + " runs of each of default and best");
        }
        if (!(thinkScale > 0)) {
            throw BadInputException.of("target.thinkScale", thinkScale, "must be above 0");
        }
    }

    /** This target under another mix and number of browsers: one workload of several. */
    public ShopTargetSpec withMix(Mix newMix, int newBrowsers) {
        return new ShopTargetSpec(newMix, newBrowsers, thinkScale, items, scaleDown, database, pgBin, appNodes, proxy,
                rampUp, measure, rampDown, objective, timeout, revalidateRuns, seed, persistent);
    }

    /** This target with {@code runs} re-validation runs (0: none). */
    public ShopTargetSpec withRevalidateRuns(int runs) {
        return new ShopTargetSpec(mix, browsers, thinkScale, items, scaleDown, database, pgBin, appNodes, proxy,
                rampUp, measure, rampDown, objective, timeout, runs, seed, persistent);
    }
}
