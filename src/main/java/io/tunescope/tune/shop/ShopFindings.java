package io.tunescope.tune.shop;

import io.tunescope.store.VerdictExplanation.Pair;
import io.tunescope.store.VerdictExplanation.QueryDifference;
import io.tunescope.store.VerdictExplanation.RoleDifference;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The shop's explanation in sentences: the WIPS; what the proxy's cache answered; each tier's CPU and CPU per
 * completed interaction (the work it does for one interaction, which the machine's other load leaves alone, where
 * its CPU in cores follows the rate); where the difference lies (a tier doing less work per interaction, a cache
 * answering more, or neither: waiting, which the machine changes as much as a configuration does); the errors; the
 * interactions whose 90th percentile changed most.
 */
final class ShopFindings {
    /** A change smaller than this, in percent (or in points of a hit ratio), is not named. */
    static final double NOTABLE_PERCENT = 5;
    private static final int MOST_NAMED = 3;

    /** The run-level figures: WIPS, errors, hit ratios, and each tier's CPU per interaction in ms. */
    record Totals(Pair wips, Pair errors, Pair requestHitPercent, Pair byteHitPercent,
                  Map<String, Pair> cpuMillisPerInteraction) {
    }

    private ShopFindings() {
    }

    static List<String> of(Totals t, List<QueryDifference> interactions, List<RoleDifference> tiers) {
        List<String> out = new ArrayList<>();
        out.add("WIPS " + change(t.wips(), "") + ".");
        if (complete(t.requestHitPercent())) {
            out.add(String.format(Locale.ROOT, "The proxy's cache answered %.1f %% → %.1f %% of the requests and "
                    + "%s of the bytes.", t.requestHitPercent().defaultValue(), t.requestHitPercent().bestValue(),
                    complete(t.byteHitPercent()) ? String.format(Locale.ROOT, "%.1f %% → %.1f %%",
                            t.byteHitPercent().defaultValue(), t.byteHitPercent().bestValue()) : "an unknown share"));
        }
        tiers.stream().filter(r -> complete(r.cpuCores()) && r.cpuCores().defaultValue() >= 0.01)
                .sorted(Comparator.comparingDouble(r -> -Math.abs(changeOf(t.cpuMillisPerInteraction()
                        .get(r.role())))))
                .forEach(r -> out.add(String.format(Locale.ROOT, "%s tier: CPU per interaction %s; CPU %s%s.",
                        r.role(), change(t.cpuMillisPerInteraction().get(r.role()), "ms"), change(r.cpuCores(),
                                "cores"), complete(r.runDelayMillisPerSecond()) ? "; run-queue delay "
                                + change(r.runDelayMillisPerSecond(), "ms per second") : "")));
        out.add(cause(t, tiers));
        out.add(complete(t.errors()) && t.errors().defaultValue() + t.errors().bestValue() > 0
                ? "Failed interactions per run " + change(t.errors(), "") + "."
                : "No interaction failed in either configuration's runs.");
        interactions.stream().filter(q -> notable(q.responseMillis()))
                .sorted(Comparator.comparingDouble(q -> -Math.abs(q.responseMillis().changePercent())))
                .limit(MOST_NAMED)
                .forEach(q -> out.add(q.query() + ": 90th percentile " + change(q.responseMillis(), "ms") + "."));
        return out;
    }

    /** Where a difference in WIPS comes from, in one sentence. */
    static String cause(Totals t, List<RoleDifference> tiers) {
        if (!notable(t.wips())) {
            return String.format(Locale.ROOT, "The WIPS differ by less than %.0f %%: what the tiers show does not "
                    + "separate the two configurations.", NOTABLE_PERCENT);
        }
        boolean better = t.wips().changePercent() > 0;
        // less work per interaction goes with more WIPS, and more work with fewer
        String tier = t.cpuMillisPerInteraction().entrySet().stream()
                .filter(e -> notable(e.getValue()) && (e.getValue().changePercent() < 0) == better)
                .filter(e -> tiers.stream().anyMatch(r -> r.role().equals(e.getKey()) && complete(r.cpuCores())
                        && r.cpuCores().defaultValue() >= 0.01))
                .max(Comparator.comparingDouble(e -> Math.abs(e.getValue().changePercent())))
                .map(Map.Entry::getKey).orElse(null);
        if (tier != null) {
            return String.format(Locale.ROOT, "The %s tier does %s work per interaction under the best "
                    + "configuration: the difference is in the work the stack does.", tier, better ? "less" : "more");
        }
        Pair hits = t.requestHitPercent();
        if (complete(hits) && Math.abs(hits.bestValue() - hits.defaultValue()) >= NOTABLE_PERCENT
                && (hits.bestValue() > hits.defaultValue()) == better) {
            return String.format(Locale.ROOT, "The proxy's cache answers %s of the requests: the difference is in "
                    + "what the application tier no longer has to serve.", better ? "more" : "fewer");
        }
        return String.format(Locale.ROOT, "No tier's CPU per interaction changed by %.0f %% or more, nor the "
                + "cache's hit ratio by %.0f points: the tiers do the same work per interaction, so the difference "
                + "in WIPS is in waiting (queues, connections, the machine's other load), which a busy machine "
                + "changes as much as a configuration does.", NOTABLE_PERCENT, NOTABLE_PERCENT);
    }

    private static double changeOf(Pair p) {
        return p == null || p.changePercent() == null ? 0 : p.changePercent();
    }

    private static boolean notable(Pair p) {
        return p != null && p.changePercent() != null && Math.abs(p.changePercent()) >= NOTABLE_PERCENT;
    }

    private static boolean complete(Pair p) {
        return p != null && p.defaultValue() != null && p.bestValue() != null;
    }

    /** "120 → 95.0 ms (−20.8 %)", or "not measured". */
    static String change(Pair p, String unit) {
        if (!complete(p)) {
            return "not measured";
        }
        String values = value(p.defaultValue()) + " → " + value(p.bestValue()) + (unit.isEmpty() ? "" : " " + unit);
        return p.changePercent() == null ? values : String.format(Locale.ROOT, "%s (%+.1f %%)", values,
                p.changePercent());
    }

    private static String value(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
