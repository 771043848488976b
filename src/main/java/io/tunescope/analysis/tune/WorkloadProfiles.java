package io.tunescope.analysis.tune;

import io.tunescope.store.KnowledgeBase;
import io.tunescope.store.QueryMetricsMean;
import io.tunescope.store.RunSummary;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Workload mapping's description of a workload: its thread-level resource profile, from the monitor's per-query
 * metrics of one run (the default configuration's trial), averaged over every measured execution. Each feature is
 * put on a scale where a difference of 1 is a large difference, so that a plain Euclidean distance compares them:
 * times and CPU per query in decades (log10 of milliseconds), worker counts and concurrency in doublings (log2),
 * shares as fractions. OtterTune maps workloads by the database's internal metrics; this uses what tunescope sees
 * of every engine alike, the threads.
 */
public final class WorkloadProfiles {
    /** The features, in order. */
    public static final List<String> FEATURES = List.of("responseLog10Ms", "cpuLog10MsPerQuery", "cpuPerResponse",
            "activeWorkersLog2", "runningShare", "runDelayShare", "concurrencyLog2");

    private WorkloadProfiles() {
    }

    /** A past session near a profile, and how near (0: the same profile). */
    public record Match(KnowledgeBase.Entry entry, double distance) {
    }

    /** The profile of a monitored run; empty when the run carries no monitor metrics. */
    public static Optional<Map<String, Double>> of(RunSummary s) {
        double n = 0;
        double[] sums = new double[6];
        for (RunSummary.TenantSummary t : s.tenants()) {
            for (RunSummary.QuerySummary q : t.queries()) {
                QueryMetricsMean m = q.metrics();
                // files written before the metrics recorded their execution count weigh by the query's count
                double w = m == null ? 0 : m.executions() != null ? m.executions() : q.count();
                if (w == 0 || m.responseMillis() == null || m.totalCpuMillis() == null) {
                    continue;
                }
                n += w;
                sums[0] += w * m.responseMillis();
                sums[1] += w * m.totalCpuMillis();
                sums[2] += w * or(m.activeWorkers());
                sums[3] += w * or(m.rsRatio());
                sums[4] += w * or(m.runDelayMillis());
                sums[5] += w * or(m.concurrentExecutions(), 1);
            }
        }
        if (n == 0) {
            return Optional.empty();
        }
        double response = Math.max(1e-3, sums[0] / n);
        double cpu = Math.max(1e-3, sums[1] / n);
        double rs = sums[3] / n;
        Map<String, Double> p = new LinkedHashMap<>();
        p.put(FEATURES.get(0), Math.log10(response));
        p.put(FEATURES.get(1), Math.log10(cpu));
        p.put(FEATURES.get(2), cpu / response);
        p.put(FEATURES.get(3), log2(Math.max(1, sums[2] / n)));
        p.put(FEATURES.get(4), rs / (1 + rs));
        p.put(FEATURES.get(5), Math.min(1, sums[4] / n / response));
        p.put(FEATURES.get(6), log2(Math.max(1, sums[5] / n)));
        return Optional.of(p);
    }

    /** Euclidean distance over the features both profiles have; infinite when they share none. */
    public static double distance(Map<String, Double> a, Map<String, Double> b) {
        double sum = 0;
        int shared = 0;
        for (Map.Entry<String, Double> e : a.entrySet()) {
            Double other = b.get(e.getKey());
            if (other != null && e.getValue() != null) {
                sum += (e.getValue() - other) * (e.getValue() - other);
                shared++;
            }
        }
        return shared == 0 ? Double.POSITIVE_INFINITY : Math.sqrt(sum);
    }

    /**
     * The nearest past session on the same engine with the same objective that has a best configuration; ties go
     * to the most recent.
     */
    public static Optional<Match> nearest(Map<String, Double> profile, List<KnowledgeBase.Entry> past, String engine,
                                          String objective) {
        Match best = null;
        for (KnowledgeBase.Entry e : past) {
            if (!e.engine().equals(engine) || !e.objective().equals(objective) || e.bests().isEmpty()) {
                continue;
            }
            double d = distance(profile, e.profile());
            if (best == null || d <= best.distance()) {
                best = new Match(e, d);
            }
        }
        return Optional.ofNullable(best);
    }

    private static double or(Number v) {
        return or(v, 0);
    }

    private static double or(Number v, double absent) {
        return v == null ? absent : v.doubleValue();
    }

    private static double log2(double v) {
        return Math.log(v) / Math.log(2);
    }
}
