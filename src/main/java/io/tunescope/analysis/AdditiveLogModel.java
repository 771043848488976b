package io.tunescope.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * log(response time) = query effect + one effect per factor level, optionally + one per pair of factor levels
 * (two-way interactions: more users hurt less when the worker limit already serializes a tenant), each per group of
 * queries, fitted by backfitting (alternating means: no matrix inversion, so unbalanced and fractional designs are
 * fine). A term a group was never measured at falls back to the same model fitted over all queries, then to no
 * effect. Interaction terms seen in a single scenario are left out: they would absorb that scenario whole.
 */
public final class AdditiveLogModel {
    private static final int SWEEPS = 50;

    /** One training observation: a query, its group, the scenario's levels and the log of its mean response time. */
    public record Observation(String query, int group, Map<String, String> levels, double logMillis) {
    }

    private final boolean interactions;
    private final Map<String, Double> queryEffect = new HashMap<>();
    private final Map<String, Double> groupEffects;
    private final Map<String, Double> globalEffects;

    private AdditiveLogModel(List<Observation> observations, boolean interactions) {
        this.interactions = interactions;
        this.groupEffects = backfit(observations, true, queryEffect);
        this.globalEffects = backfit(observations, false, new HashMap<>());
    }

    public static AdditiveLogModel fit(List<Observation> observations, boolean interactions) {
        return new AdditiveLogModel(observations, interactions);
    }

    /** The predicted response time in ms, or null when the query was never measured in training. */
    public Double predictMillis(String query, int group, Map<String, String> levels) {
        Double base = queryEffect.get(query);
        if (base == null) {
            return null;
        }
        double log = base;
        for (Map.Entry<String, String> term : terms(levels).entrySet()) {
            Double e = groupEffects.get(key(true, group, term.getKey(), term.getValue()));
            if (e == null) {
                e = globalEffects.getOrDefault(key(false, group, term.getKey(), term.getValue()), 0.0);
            }
            log += e;
        }
        return Math.exp(log);
    }

    private Map<String, Double> backfit(List<Observation> obs, boolean perGroup, Map<String, Double> mu) {
        Map<String, Double> effects = new HashMap<>();
        Set<String> supported = supportedInteractions(obs, perGroup);
        List<String> families = obs.isEmpty() ? List.of() : new ArrayList<>(terms(obs.get(0).levels()).keySet());
        for (int sweep = 0; sweep < SWEEPS; sweep++) {
            Map<String, double[]> qSums = new HashMap<>();
            for (Observation o : obs) {
                accumulate(qSums, o.query(), o.logMillis() - sumEffects(o, effects, perGroup, null));
            }
            qSums.forEach((q, s) -> mu.put(q, s[0] / s[1]));
            for (String family : families) {
                Map<String, double[]> sums = new HashMap<>();
                for (Observation o : obs) {
                    String key = key(perGroup, o.group(), family, terms(o.levels()).get(family));
                    if (!family.contains("&") || supported.contains(key)) {
                        accumulate(sums, key, o.logMillis() - mu.get(o.query()) - sumEffects(o, effects, perGroup, family));
                    }
                }
                sums.forEach((k, s) -> effects.put(k, s[0] / s[1]));
            }
        }
        return effects;
    }

    private Set<String> supportedInteractions(List<Observation> obs, boolean perGroup) {
        Map<String, Set<Map<String, String>>> scenarios = new HashMap<>();
        for (Observation o : obs) {
            terms(o.levels()).forEach((family, level) -> {
                if (family.contains("&")) {
                    scenarios.computeIfAbsent(key(perGroup, o.group(), family, level), k -> new HashSet<>())
                            .add(o.levels());
                }
            });
        }
        Set<String> supported = new HashSet<>();
        scenarios.forEach((k, v) -> {
            if (v.size() >= 2) {
                supported.add(k);
            }
        });
        return supported;
    }

    private double sumEffects(Observation o, Map<String, Double> effects, boolean perGroup, String except) {
        double sum = 0;
        for (Map.Entry<String, String> term : terms(o.levels()).entrySet()) {
            if (!term.getKey().equals(except)) {
                sum += effects.getOrDefault(key(perGroup, o.group(), term.getKey(), term.getValue()), 0.0);
            }
        }
        return sum;
    }

    /** The model's terms for one scenario: family (a factor, or two joined by '&') to its level(s). */
    private Map<String, String> terms(Map<String, String> levels) {
        Map<String, String> terms = new LinkedHashMap<>(levels);
        if (interactions) {
            List<String> factors = new ArrayList<>(levels.keySet());
            for (int i = 0; i < factors.size(); i++) {
                for (int j = i + 1; j < factors.size(); j++) {
                    terms.put(factors.get(i) + "&" + factors.get(j),
                            levels.get(factors.get(i)) + "&" + levels.get(factors.get(j)));
                }
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
