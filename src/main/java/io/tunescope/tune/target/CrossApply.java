package io.tunescope.tune.target;

import io.tunescope.Progress;
import io.tunescope.store.CrossApplyMatrix;
import io.tunescope.store.Revalidated;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.space.Configuration;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cross-apply matrix: each workload's best configuration measured on every workload, with the same care as
 * {@link Revalidation}. In each of {@code runs} rounds, on each workload, the default configuration and every
 * workload's best run once each, in fresh runs; the order (default, then the bests) rotates by one from round to
 * round, so that neither drift of the machine nor a penalty of running first always hits the same configuration (a
 * loaded run of this matrix once measured the default, always first, 74 % slower than itself). A cell's gain
 * is read from its per-round log-ratios to the default of the same round on the same workload, as the re-validation
 * reads one ({@link Revalidation}), with a Student-t 95% interval.
 */
public final class CrossApply {
    /** A workload of the matrix: its name and the target that runs it. */
    public record Workload(String name, TuningTarget target) {
    }

    private CrossApply() {
    }

    /**
     * Measures every best of {@code bests} (by the workload it was tuned for) and {@code defaults} on every workload.
     *
     * @param logs the directory of the runs' logs ({@code on-A/default-1.log}, {@code on-A/tuned-for-B-1.log}, ...)
     */
    public static CrossApplyMatrix run(List<Workload> workloads, Map<String, Configuration> bests,
                                       Configuration defaults, int runs, Direction direction, String objective,
                                       Path logs, Progress.Task bar) throws InterruptedException {
        List<String> names = workloads.stream().map(Workload::name).toList();
        Map<String, List<Double>> defaultRuns = new LinkedHashMap<>();
        Map<String, Map<String, List<Double>>> tunedRuns = new LinkedHashMap<>();
        List<String> order = new ArrayList<>();
        order.add(null);
        order.addAll(names);
        for (int round = 0; round < runs; round++) {
            for (Workload on : workloads) {
                Path dir = logs.resolve("on-" + on.name());
                for (int i = 0; i < order.size(); i++) {
                    String tunedFor = order.get((i + round) % order.size());
                    boolean isDefault = tunedFor == null;
                    TuningTarget.Measurement m = on.target().measure(isDefault ? defaults : bests.get(tunedFor),
                            isDefault, dir.resolve((isDefault ? "default" : "tuned-for-" + tunedFor) + "-"
                                    + (round + 1) + ".log"));
                    List<Double> into = isDefault ? defaultRuns.computeIfAbsent(on.name(), k -> new ArrayList<>())
                            : tunedRuns.computeIfAbsent(tunedFor, k -> new LinkedHashMap<>())
                            .computeIfAbsent(on.name(), k -> new ArrayList<>());
                    into.add(value(m));
                }
                bar.step(1);
            }
        }
        Map<String, Map<String, Object>> configurations = new LinkedHashMap<>();
        names.forEach(n -> configurations.put(n, bests.get(n).values()));
        return summarize(names, defaultRuns, tunedRuns, direction, objective, runs, configurations);
    }

    /**
     * The arithmetic of {@link #run}: {@code defaultRuns} by workload and {@code tunedRuns} by tuned-for and then
     * measured-on workload, one value per round (null: that run failed).
     */
    public static CrossApplyMatrix summarize(List<String> names, Map<String, List<Double>> defaultRuns,
                                             Map<String, Map<String, List<Double>>> tunedRuns, Direction direction,
                                             String objective, int runs,
                                             Map<String, Map<String, Object>> configurations) {
        List<CrossApplyMatrix.Cell> cells = new ArrayList<>();
        Map<String, Revalidated.Side> defaults = new LinkedHashMap<>();
        for (String on : names) {
            List<Double> d = defaultRuns.getOrDefault(on, List.of());
            for (String tunedFor : names) {
                List<Double> b = tunedRuns.getOrDefault(tunedFor, Map.of()).getOrDefault(on, List.of());
                int failed = (int) b.stream().filter(v -> v == null).count();
                Revalidated r = Revalidation.summarize(d, b, direction, failed);
                defaults.put(on, r.defaultSide());
                cells.add(new CrossApplyMatrix.Cell(tunedFor, on, r.best().objective(), r.improvementPercent(),
                        r.best().ci95(), r.improvementCi95(), r.best().values(), failed));
            }
        }
        return new CrossApplyMatrix(names, cells, objective, direction.label(), runs, defaults, configurations);
    }

    /**
     * The re-validation of {@code name}'s best on its own workload, from the diagonal's runs, with the verdict its
     * 95 % interval gives (better: wholly above 0, worse: wholly below, else indistinguishable) and its half-width.
     */
    public static Revalidated diagonal(CrossApplyMatrix m, String name, Direction direction) {
        CrossApplyMatrix.Cell c = m.cell(name, name);
        List<Double> ci = c.improvementCi95();
        boolean interval = ci != null && ci.size() == 2 && c.values() != null && c.values().size() >= 2;
        String verdict = !interval || ci.get(0) <= 0 && ci.get(1) >= 0 ? "indistinguishable"
                : ci.get(0) > 0 ? "better" : "worse";
        Double halfWidth = interval ? Math.round((ci.get(1) - ci.get(0)) / 2 * 10) / 10.0 : null;
        return new Revalidated(m.defaults().get(name),
                new Revalidated.Side(c.objective(), c.ci95(), c.values()), c.improvementPercent(),
                c.improvementCi95(), m.runs(), c.failedRuns(), verdict, halfWidth);
    }

    private static Double value(TuningTarget.Measurement m) {
        return m.ok() ? m.values().stream().mapToDouble(Double::doubleValue).average().orElseThrow() : null;
    }
}
