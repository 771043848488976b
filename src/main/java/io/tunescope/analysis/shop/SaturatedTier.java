package io.tunescope.analysis.shop;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The tier that limits a capacity curve, named from the highest level's per-tier CPU figures by {@link #RULE}.
 * {@code saturated} says whether the rule's threshold was reached; {@code reason} says which condition held, or why
 * none did.
 */
public record SaturatedTier(String tier, double utilisation, double demandRatio, double stackCpuShare,
                            boolean saturated, String reason) {
    /** Demand ratio (or the stack's share of the machine) at or above which a tier counts as saturated. */
    public static final double THRESHOLD = 0.9;
    /** The tier that is not part of the system under test. */
    public static final String DRIVER = "driver";
    public static final String RULE = "at the highest level, the tier (the driver excluded) with the largest CPU "
            + "demand, (CPU + run-queue delay) / cores it may use; saturated when that ratio is at least 0.9, or when "
            + "the stack and driver together use at least 0.9 of the machine's cores (the machine's CPU is then the "
            + "shared limit and the named tier demands most of it)";

    /**
     * Applies {@link #RULE} to one level's tiers; {@code machineCores} is the number of cores on the machine. Empty
     * when no tier but the driver was measured.
     */
    public static Optional<SaturatedTier> of(List<TierLoad> tiers, double machineCores) {
        Optional<TierLoad> top = tiers.stream().filter(t -> !t.tier().equals(DRIVER))
                .max(Comparator.comparingDouble(TierLoad::demandRatio).thenComparingDouble(TierLoad::utilisation));
        if (top.isEmpty()) {
            return Optional.empty();
        }
        TierLoad t = top.get();
        double stackShare = tiers.stream().mapToDouble(TierLoad::cpuCores).sum() / machineCores;
        String reason;
        boolean saturated = true;
        if (t.demandRatio() >= THRESHOLD) {
            reason = String.format(Locale.ROOT, "%s demands %.2f of the cores it may use (CPU %.2f + run-queue "
                    + "delay %.2f cores of %.0f)", t.tier(), t.demandRatio(), t.cpuCores(), t.runDelayCores(),
                    t.limitCores());
        } else if (stackShare >= THRESHOLD) {
            reason = String.format(Locale.ROOT, "the stack and driver use %.2f of the machine's %.0f cores; %s "
                    + "demands most of them (%.2f)", stackShare, machineCores, t.tier(), t.demandRatio());
        } else {
            saturated = false;
            reason = String.format(Locale.ROOT, "no tier near its CPU limit (largest demand: %s, %.2f; the stack "
                    + "uses %.2f of the machine): the curve is bounded by the load (think time) or by something "
                    + "other than CPU (locks, pool sizes, the driver)", t.tier(), t.demandRatio(), stackShare);
        }
        return Optional.of(new SaturatedTier(t.tier(), round(t.utilisation()), round(t.demandRatio()),
                round(stackShare), saturated, reason));
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
