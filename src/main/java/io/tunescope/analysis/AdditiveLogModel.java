package io.tunescope.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * log(response time) = query effect + one effect per factor level + one per pair of factor levels (two-way
 * interactions: more users hurt less when the worker limit already serializes a tenant), each per group of queries,
 * fitted by backfitting (alternating means, which needs no matrix inversion and so copes with unbalanced, fractional
 * designs). A term a group was never measured at falls back to the same model fitted over all queries, then to no
 * effect.
 */
public final class AdditiveLogModel {
    private static final int SWEEPS = 50;

    /** One training observation: a query, its group, the scenario's levels and the log of its mean response time. */
    public record Observation(String query, int group, Map<String, String> levels, double logMillis) {
    }

    private final Map<String, Double> queryEffect = new HashMap<>();
    private final Map<String, Double> levelEffect = new HashMap<>();
    private final Map<String, Double> globalEffect = new HashMap<>();

    private AdditiveLogModel() {
    }

    public static AdditiveLogModel fit(List<Observation> observations) {
        AdditiveLogModel model = new AdditiveLogModel();
        Map<String, Double> grouped = backfit(observations, true, model.queryEffect);
        Map<String, Double> global = backfit(observations, false, new HashMap<>());
        model.levelEffect.putAll(grouped);
        model.globalEffect.putAll(global);
        return model;
    }

    /** The predicted response time in ms, or null when the query was never measured in training. */
    public Double predictMillis(String query, int group, Map<String, String> levels) {
        Double base = queryEffect.get(query);
        if (base == null) {
            return null;
        }
        double log = base;
        for (Map.Entry<String, String> term : terms(levels).entrySet()) {
            Double e = levelEffect.get(key(true, group, term.getKey(), term.getValue()));
            if (e == null) {
                e = globalEffect.getOrDefault(key(false, group, term.getKey(), term.getValue()), 0.0);
            }
            log += e;
        }
        return Math.exp(log);
    }

    private static Map<String, Double> backfit(List<Observation> obs, boolean perGroup, Map<String, Double> mu) {
        Map<String, Double> effects = new HashMap<>();
        java.util.Set<String> supported = supportedInteractions(obs, perGroup);
        for (int sweep = 0; sweep < SWEEPS; sweep++) {
            Map<String, double[]> qSums = new HashMap<>();
            for (Observation o : obs) {
                double r = o.logMillis() - sumEffects(o, effects, perGroup, null);
                accumulate(qSums, o.query(), r);
            }
            qSums.forEach((q, s) -> mu.put(q, s[0] / s[1]));
            List<String> families = obs.isEmpty() ? List.of() : new ArrayList<>(terms(obs.get(0).levels()).keySet());
            for (String family : families) {
                Map<String, double[]> sums = new HashMap<>();
                for (Observation o : obs) {
                    String key = key(perGroup, o.group(), family, terms(o.levels()).get(family));
                    if (family.contains("&") && !supported.contains(key)) {
                        continue;
                    }
                    double r = o.logMillis() - mu.get(o.query()) - sumEffects(o, effects, perGroup, family);
                    accumulate(sums, key, r);
                }
                sums.forEach((k, s) -> effects.put(k, s[0] / s[1]));
            }
        }
        return effects;
    }

    /**
     * Interaction terms seen in at least two different scenarios: one seen in a single scenario would absorb that
     * scenario's whole deviation, and the main effects with it (a 2x2 design left one scenario out has only those).
     */
    private static java.util.Set<String> supportedInteractions(List<Observation> obs, boolean perGroup) {
        Map<String, java.util.Set<Map<String, String>>> scenarios = new HashMap<>();
        for (Observation o : obs) {
            terms(o.levels()).forEach((family, level) -> {
                if (family.contains("&")) {
                    scenarios.computeIfAbsent(key(perGroup, o.group(), family, level), k -> new java.util.HashSet<>())
                            .add(o.levels());
                }
            });
        }
        java.util.Set<String> supported = new java.util.HashSet<>();
        scenarios.forEach((k, v) -> {
            if (v.size() >= 2) {
                supported.add(k);
            }
        });
        return supported;
    }

    private static double sumEffects(Observation o, Map<String, Double> effects, boolean perGroup, String except) {
        double sum = 0;
        for (Map.Entry<String, String> term : terms(o.levels()).entrySet()) {
            if (!term.getKey().equals(except)) {
                sum += effects.getOrDefault(key(perGroup, o.group(), term.getKey(), term.getValue()), 0.0);
            }
        }
        return sum;
    }

    /** The model's terms for one scenario: family (a factor, or two joined by '&') to its level(s). */
    static Map<String, String> terms(Map<String, String> levels) {
        Map<String, String> terms = new java.util.LinkedHashMap<>(levels);
        List<String> factors = new ArrayList<>(levels.keySet());
        for (int i = 0; i < factors.size(); i++) {
            for (int j = i + 1; j < factors.size(); j++) {
                terms.put(factors.get(i) + "&" + factors.get(j),
                        levels.get(factors.get(i)) + "&" + levels.get(factors.get(j)));
            }
        }
        return terms;
    }

    private static void accumulate(Map<String, double[]> sums, String key, double value) {
        double[] s = sums.computeIfAbsent(key, k -> new double[2]);
        s[0] += value;
        s[1] += 1;
    }

    private static String key(boolean perGroup, int group, String factor, String level) {
        return (perGroup ? group : "*") + "|" + factor + "|" + level;
    }
}
