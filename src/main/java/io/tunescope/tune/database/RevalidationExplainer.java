package io.tunescope.tune.database;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import io.tunescope.store.QueryMetricsMean;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.RunSummary;
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
import java.util.stream.Stream;

/**
 * Reads the monitored re-validation runs of a database target ({@code default-N-runs}, {@code best-N-runs}: each
 * run's summary.json with per-query metrics, and its monitor.json with every thread's totals) and says where default
 * and best differ: per query and per thread role, medians over each configuration's runs ({@link VerdictExplanation}).
 */
final class RevalidationExplainer {
    private RevalidationExplainer() {
    }

    /** The explanation of the runs under {@code logs}; empty when either configuration has no monitored run. */
    static Optional<VerdictExplanation> explain(Path logs) {
        List<RunFigures> defaults = runs(logs, "default-");
        List<RunFigures> bests = runs(logs, "best-");
        if (defaults.isEmpty() || bests.isEmpty()) {
            return Optional.empty();
        }
        List<QueryDifference> queries = new ArrayList<>();
        for (String q : names(defaults, bests, RunFigures::queries)) {
            Function<RunFigures, QueryFigures> of = r -> r.queries().get(q);
            queries.add(new QueryDifference(q, pair(defaults, bests, of, QueryFigures::responseMillis),
                    pair(defaults, bests, of, QueryFigures::workerCpuMillis),
                    pair(defaults, bests, of, QueryFigures::runDelayMillis),
                    pair(defaults, bests, of, QueryFigures::activeWorkers)));
        }
        List<RoleDifference> roles = new ArrayList<>();
        for (String role : names(defaults, bests, RunFigures::roles)) {
            Function<RunFigures, RoleFigures> of = r -> r.roles().get(role);
            roles.add(new RoleDifference(role, pair(defaults, bests, of, RoleFigures::threads),
                    pair(defaults, bests, of, RoleFigures::cpuCores),
                    pair(defaults, bests, of, RoleFigures::runDelayMillisPerSecond),
                    pair(defaults, bests, of, RoleFigures::switchesPerSecond)));
        }
        return Optional.of(new VerdictExplanation(defaults.size(), bests.size(), queries, roles,
                ExplanationFindings.of(queries, roles)));
    }

    /** A query's figures in one run, per execution. */
    record QueryFigures(double responseMillis, double workerCpuMillis, double runDelayMillis, double activeWorkers) {
    }

    /** A thread role's figures in one run, over its measured window. */
    record RoleFigures(double threads, double cpuCores, double runDelayMillisPerSecond, double switchesPerSecond) {
    }

    /** One run's figures by query and by thread role. */
    record RunFigures(Map<String, QueryFigures> queries, Map<String, RoleFigures> roles) {
    }

    private static List<String> names(List<RunFigures> a, List<RunFigures> b,
                                      Function<RunFigures, ? extends Map<String, ?>> by) {
        return RevalidationRuns.names(a, b, by);
    }

    private static <T> Pair pair(List<RunFigures> defaults, List<RunFigures> bests, Function<RunFigures, T> of,
                                 Function<T, Double> field) {
        return RevalidationRuns.pair(defaults, bests, r -> {
            T t = of.apply(r);
            return t == null ? null : field.apply(t);
        });
    }

    /** Every run of one configuration: the summary.json files under {@code prefix*-runs} (one per repeat). */
    private static List<RunFigures> runs(Path logs, String prefix) {
        List<RunFigures> out = new ArrayList<>();
        for (Path d : RevalidationRuns.dirs(logs, prefix)) {
            try (Stream<Path> files = Files.walk(d, 2)) {
                for (Path summary : files.filter(p -> p.getFileName().toString().equals("summary.json"))
                        .sorted().toList()) {
                    read(summary.getParent()).ifPresent(out::add);
                }
            } catch (IOException e) {
                return List.of();   // the runs could not be read: nothing to explain
            }
        }
        return out;
    }

    /** A monitored, complete run's figures; empty for a run without them. */
    private static Optional<RunFigures> read(Path runDir) {
        try {
            RunSummary s = RunSummary.read(runDir.resolve("summary.json"));
            Path monitor = ResultsDir.of(runDir).monitor().threadTotals();
            if (!s.complete() || !Files.exists(monitor)) {
                return Optional.empty();
            }
            return Optional.of(new RunFigures(queries(s), roles(Json.MAPPER.readTree(monitor.toFile()))));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();   // a run that left no readable files is not part of the explanation
        }
    }

    /** Per query, over every tenant: each figure weighted by the tenant's executions of it. */
    private static Map<String, QueryFigures> queries(RunSummary s) {
        Map<String, double[]> sums = new TreeMap<>();
        for (RunSummary.TenantSummary t : s.tenants()) {
            for (RunSummary.QuerySummary q : t.queries()) {
                QueryMetricsMean m = q.metrics();
                if (q.meanMillis() == null || m == null || q.count() == 0) {
                    continue;
                }
                double[] a = sums.computeIfAbsent(q.query(), k -> new double[5]);
                double n = q.count();
                a[0] += n * q.meanMillis();
                a[1] += n * orZero(m.workerCpuMillis());
                a[2] += n * orZero(m.runDelayMillis());
                a[3] += n * orZero(m.activeWorkers());
                a[4] += n;
            }
        }
        Map<String, QueryFigures> out = new TreeMap<>();
        sums.forEach((q, a) -> out.put(q, new QueryFigures(a[0] / a[4], a[1] / a[4], a[2] / a[4], a[3] / a[4])));
        return out;
    }

    /** Per thread role of monitor.json: threads, CPU cores, run-queue delay ms per second, switches per second. */
    private static Map<String, RoleFigures> roles(JsonNode monitor) {
        double seconds = monitor.path("durationMillis").asDouble() / 1000;
        Map<String, double[]> sums = new TreeMap<>();
        if (seconds <= 0) {
            return Map.of();
        }
        for (JsonNode t : monitor.path("threads")) {
            double[] a = sums.computeIfAbsent(t.path("role").asText("unknown"), k -> new double[4]);
            a[0]++;
            a[1] += t.path("cpuMillis").asDouble();
            a[2] += t.path("runDelayMillis").asDouble();
            a[3] += t.path("voluntarySwitches").asDouble() + t.path("involuntarySwitches").asDouble();
        }
        Map<String, RoleFigures> out = new TreeMap<>();
        sums.forEach((role, a) -> out.put(role, new RoleFigures(a[0], a[1] / 1000 / seconds, a[2] / seconds,
                a[3] / seconds)));
        return out;
    }

    private static double orZero(Double v) {
        return v == null ? 0 : v;
    }
}
