package io.tunescope.tune.shop;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import io.tunescope.store.VerdictExplanation;
import io.tunescope.store.VerdictExplanation.Pair;
import io.tunescope.store.VerdictExplanation.QueryDifference;
import io.tunescope.store.VerdictExplanation.RoleDifference;
import io.tunescope.tune.target.RevalidationRuns;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Reads the shop target's re-validation runs ({@code default-N-runs}, {@code best-N-runs}: each run's summary.json)
 * and says where default and best differ ({@link VerdictExplanation}, each value the median over a configuration's
 * runs): per interaction its 90th-percentile response time (what the shop's summary records; the explanation's
 * {@code responseMillis}), per tier (proxy, application, database, as the summary names them) the CPU it used in
 * cores and, when the runs were monitored, its threads and run-queue delay; and in sentences ({@link
 * ShopFindings}) the WIPS, the proxy cache's hit ratios, each tier's CPU per interaction and the errors. Runs that
 * did not complete are left out.
 */
final class ShopExplainer {
    private ShopExplainer() {
    }

    /** One tier in one run: CPU in cores, CPU per completed interaction in ms, threads and delay (null unmonitored). */
    record TierFigures(double cpuCores, double cpuMillisPerInteraction, Double threads, Double runDelayMillisPerSecond) {
    }

    /**
     * One run: WIPS, failed interactions, the proxies' request and byte hit ratios (null without a proxy), each
     * interaction's p90 and each tier's figures.
     */
    record RunFigures(double wips, double errors, Double requestHitPercent, Double byteHitPercent,
                      Map<String, Double> p90Millis, Map<String, TierFigures> tiers) {
    }

    /** The explanation of the runs under {@code logs}; empty when either configuration has no complete run. */
    static Optional<VerdictExplanation> explain(Path logs) {
        List<RunFigures> defaults = runs(logs, "default-");
        List<RunFigures> bests = runs(logs, "best-");
        if (defaults.isEmpty() || bests.isEmpty()) {
            return Optional.empty();
        }
        List<QueryDifference> interactions = new ArrayList<>();
        for (String name : names(defaults, bests, RunFigures::p90Millis)) {
            interactions.add(new QueryDifference(name, pair(defaults, bests, r -> r.p90Millis().get(name)), null,
                    null, null));
        }
        List<RoleDifference> tiers = new ArrayList<>();
        for (String tier : names(defaults, bests, RunFigures::tiers)) {
            Function<Function<TierFigures, Double>, Pair> of = field -> pair(defaults, bests, r -> {
                TierFigures t = r.tiers().get(tier);
                return t == null ? null : field.apply(t);
            });
            tiers.add(new RoleDifference(tier, of.apply(TierFigures::threads), of.apply(TierFigures::cpuCores),
                    of.apply(TierFigures::runDelayMillisPerSecond), null));
        }
        ShopFindings.Totals totals = new ShopFindings.Totals(pair(defaults, bests, RunFigures::wips),
                pair(defaults, bests, RunFigures::errors), pair(defaults, bests, RunFigures::requestHitPercent),
                pair(defaults, bests, RunFigures::byteHitPercent), perInteraction(defaults, bests));
        return Optional.of(new VerdictExplanation(defaults.size(), bests.size(), interactions, tiers,
                ShopFindings.of(totals, interactions, tiers)));
    }

    private static Map<String, Pair> perInteraction(List<RunFigures> defaults, List<RunFigures> bests) {
        Map<String, Pair> out = new TreeMap<>();
        for (String tier : names(defaults, bests, RunFigures::tiers)) {
            out.put(tier, pair(defaults, bests, r -> {
                TierFigures t = r.tiers().get(tier);
                return t == null ? null : t.cpuMillisPerInteraction();
            }));
        }
        return out;
    }

    private static List<String> names(List<RunFigures> a, List<RunFigures> b,
                                      Function<RunFigures, ? extends Map<String, ?>> by) {
        return RevalidationRuns.names(a, b, by);
    }

    private static Pair pair(List<RunFigures> defaults, List<RunFigures> bests, Function<RunFigures, Double> field) {
        return RevalidationRuns.pair(defaults, bests, field);
    }

    /** Every complete run of one configuration: {@code prefix*-runs/summary.json}. */
    private static List<RunFigures> runs(Path logs, String prefix) {
        List<RunFigures> out = new ArrayList<>();
        for (Path d : RevalidationRuns.dirs(logs, prefix)) {
            Path summary = d.resolve("summary.json");
            if (Files.isRegularFile(summary)) {
                read(summary).ifPresent(out::add);
            }
        }
        return out;
    }

    /** One run's figures from its summary.json; empty for a run that did not complete or left no readable file. */
    static Optional<RunFigures> read(Path summary) {
        try {
            JsonNode s = Json.MAPPER.readTree(summary.toFile());
            double seconds = s.path("measureSeconds").asDouble();
            double wips = s.path("wips").asDouble();
            if (!s.path("complete").asBoolean(true) || seconds <= 0) {
                return Optional.empty();
            }
            Map<String, Double> p90 = new TreeMap<>();
            for (JsonNode i : s.path("interactions")) {
                if (i.path("count").asLong() > 0) {
                    p90.put(i.path("name").asText(), i.path("p90Millis").asDouble());
                }
            }
            return Optional.of(new RunFigures(wips, s.path("errors").asDouble(), meanOf(s.path("proxies"),
                    "requestHitPercent"), meanOf(s.path("proxies"), "byteHitPercent"), p90,
                    tiers(s, seconds, wips * seconds)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();   // a run that left no readable summary is not part of the explanation
        }
    }

    /** Per tier: the CPU of its processes ({@code tiers}) and, when monitored, its threads and delay. */
    private static Map<String, TierFigures> tiers(JsonNode s, double seconds, double completed) {
        Map<String, double[]> sums = new TreeMap<>();
        for (JsonNode t : s.path("tiers")) {
            sums.computeIfAbsent(t.path("tier").asText("unknown"), k -> new double[3])[0]
                    += t.path("cpuMillis").asDouble();
        }
        boolean monitored = s.path("monitor").isArray() && !s.path("monitor").isEmpty();
        for (JsonNode t : s.path("monitor")) {
            double[] a = sums.computeIfAbsent(t.path("tier").asText("unknown"), k -> new double[3]);
            a[1] += t.path("threads").asDouble();
            a[2] += t.path("runDelayMillis").asDouble();
        }
        Map<String, TierFigures> out = new TreeMap<>();
        sums.forEach((tier, a) -> out.put(tier, new TierFigures(a[0] / 1000 / seconds,
                completed > 0 ? a[0] / completed : 0, monitored ? a[1] : null, monitored ? a[2] / seconds : null)));
        return out;
    }

    private static Double meanOf(JsonNode rows, String field) {
        double sum = 0;
        int n = 0;
        for (JsonNode r : rows) {
            if (r.has(field)) {
                sum += r.path(field).asDouble();
                n++;
            }
        }
        return n == 0 ? null : sum / n;
    }
}
