package io.tunescope.analysis.shop;

import io.tunescope.BadInputException;
import io.tunescope.analysis.usl.UslAnalysis;
import io.tunescope.analysis.usl.UslFitter;
import io.tunescope.analysis.usl.UslPoint;
import io.tunescope.analysis.usl.UslResult;
import io.tunescope.store.ShopSummary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** From the summaries of a capacity curve's levels to its levels, USL fit and saturated tier. */
public final class CapacityAnalysis {
    /** Scaling efficiency at or above which the highest level still counts as linear (not saturated in WIPS). */
    static final double LINEAR = 0.9;

    private CapacityAnalysis() {
    }

    /**
     * One level from its run's summary (which must carry the monitor's figures); {@code lowest} is the curve's first
     * level (for the scaling efficiency; the level itself when it is the first), {@code summaryPath} where it lies.
     */
    public static CapacityLevel level(ShopSummary s, ShopSummary lowest, double machineCores, String summaryPath) {
        Map<String, Double> p90 = new LinkedHashMap<>();
        double worst = 0;
        String worstName = null;
        for (ShopSummary.Interaction i : s.interactions()) {
            p90.put(i.name(), i.p90Millis());
            double ratio = i.p90Millis() / i.limitMillis();
            if (worstName == null || ratio > worst) {
                worst = ratio;
                worstName = i.name();
            }
        }
        double perBrowser = s.wips() / s.browsers();
        double lowestPerBrowser = lowest.wips() / lowest.browsers();
        double efficiency = lowestPerBrowser > 0 ? perBrowser / lowestPerBrowser : 0;
        return new CapacityLevel(s.browsers(), s.wips(), s.errors(), s.degraded(), p90, round(worst), worstName,
                tiers(s, machineCores), round(efficiency), summaryPath);
    }

    /** The monitor's processes summed per tier, in cores over the measurement interval. */
    static List<TierLoad> tiers(ShopSummary s, double machineCores) {
        if (s.monitor() == null) {
            throw new IllegalArgumentException("a capacity level needs the thread monitor's figures");
        }
        Map<String, double[]> sums = new TreeMap<>();
        for (ShopSummary.TierThreads t : s.monitor()) {
            double[] sum = sums.computeIfAbsent(t.tier(), k -> new double[2]);
            sum[0] += t.cpuMillis();
            sum[1] += t.runDelayMillis();
        }
        double intervalMillis = s.measureSeconds() * 1000;
        List<TierLoad> tiers = new ArrayList<>();
        sums.forEach((tier, sum) -> tiers.add(new TierLoad(tier, round(sum[0] / intervalMillis),
                round(sum[1] / intervalMillis), machineCores)));
        return tiers;
    }

    /** The USL over (browsers, WIPS), or null with a warning added when it cannot be fitted. */
    public static UslResult usl(List<CapacityLevel> levels, long seed, List<String> warnings) {
        if (levels.size() < UslFitter.MIN_POINTS) {
            warnings.add("only " + levels.size() + " levels: the USL needs at least " + UslFitter.MIN_POINTS);
            return null;
        }
        if (levels.stream().allMatch(l -> l.wips() == 0)) {
            warnings.add("no level completed an interaction: nothing to fit");
            return null;
        }
        List<UslPoint> points = levels.stream().map(l -> new UslPoint(l.browsers(), l.wips())).toList();
        try {
            return UslAnalysis.analyze(points, UslAnalysis.DEFAULT_BOOTSTRAP_SAMPLES, seed);
        } catch (BadInputException | IllegalArgumentException e) {
            warnings.add("the USL fit failed: " + e.getMessage());
            return null;
        }
    }

    /** Warnings on the levels themselves: errors, dead nodes, limits broken, a driver busier than the stack. */
    public static List<String> warnings(List<CapacityLevel> levels) {
        List<String> out = new ArrayList<>();
        for (CapacityLevel l : levels) {
            String at = l.browsers() + " browsers: ";
            if (l.errors() > 0) {
                out.add(at + l.errors() + " errors");
            }
            if (l.degraded()) {
                out.add(at + "an application node died (degraded): the curve ends at this level");
            }
            if (l.worstLimitRatio() > 1) {
                out.add(at + l.worstInteraction() + "'s p90 is " + l.worstLimitRatio() + " times its TPC-W limit");
            }
        }
        CapacityLevel top = levels.get(levels.size() - 1);
        double driver = top.tiers().stream().filter(t -> t.tier().equals(SaturatedTier.DRIVER))
                .mapToDouble(TierLoad::cpuCores).sum();
        double busiest = top.tiers().stream().filter(t -> !t.tier().equals(SaturatedTier.DRIVER))
                .mapToDouble(TierLoad::cpuCores).max().orElse(0);
        if (levels.size() > 1 && top.scalingEfficiency() >= LINEAR) {
            out.add("WIPS per browser at the highest level is still " + top.scalingEfficiency() + " of the lowest "
                    + "level's: the curve has not left its linear part, so no tier limits WIPS yet (add levels or "
                    + "lower --think-scale, docs/shop.md)");
        }
        if (driver > busiest) {
            out.add("at the highest level the driver uses more CPU (" + driver + " cores) than any tier ("
                    + busiest + "): the curve may measure the driver, not the stack");
        }
        return out;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
