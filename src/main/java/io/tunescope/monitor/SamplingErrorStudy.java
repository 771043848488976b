package io.tunescope.monitor;

import io.tunescope.monitor.trace.TraceSummary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sampling error of the study's method, measured: each execution's metrics from the exact
 * timeline against the same metrics from samples, resampled from that timeline at several intervals
 * ({@link TraceResampler}) and, to check the resampling, from the run's live sampler (which also gives its
 * counter-based CPU time, {@link #COUNTER_CPU}). Errors are relative to exact,
 * per metric and interval, and by the execution's length in intervals. Attribution is left out on both sides (no
 * equal share): this measures sampling alone.
 */
public final class SamplingErrorStudy {
    /** The metrics studied, by their names in summary.json. */
    public static final List<String> METRICS = List.of("processingMillis", "activeWorkers", "rsRatio", "rsJumps",
            "cpuJumps", "workerCpuMillis");
    /**
     * The live sampler's own CPU figure (schedstat counters read at ticks, interpolated at the window's edges), beside
     * the state sampler's estimate ({@code R} samples times the interval) that {@code workerCpuMillis} stands for here.
     */
    public static final String COUNTER_CPU = "workerCpuMillisCounters";
    /** Lengths of an execution in sampling intervals: the lower bounds of the buckets of the rule. */
    public static final int[] LENGTH_BUCKETS = {0, 4, 16, 64, 256};

    private SamplingErrorStudy() {
    }

    /** The source of rows resampled by the gated sampler's rule ({@link TraceResampler}, {@code gated}). */
    public static final String GATED = "resampled-gated";

    /**
     * One execution, one metric, one way of sampling. {@code source}: {@code resampled}, {@code resampled-gated}
     * or {@code live}.
     */
    public record Row(String tenant, int user, String query, double responseMillis, String source,
                      double intervalMillis, String metric, double exact, double sampled) {
        /** |sampled − exact| / |exact| in percent; NaN where exact is 0 and sampled is not (no relative error). */
        public double errorPercent() {
            if (exact == 0) {
                return sampled == 0 ? 0 : Double.NaN;
            }
            return 100 * Math.abs(sampled - exact) / Math.abs(exact);
        }

        public double lengthInIntervals() {
            return responseMillis / intervalMillis;
        }
    }

    /**
     * The exact metrics of each execution (no equal share) and their resampled estimates at each interval, by the
     * full sampler's rule and by the gated one's.
     */
    public static List<Row> resampled(TraceSummary trace, List<ThreadInfo> threads, List<Execution> executions,
                                      long originNanos, List<Long> intervalsNanos) {
        List<Row> out = new ArrayList<>();
        for (Execution e : executions) {
            List<ThreadInfo> workers = ExactQueryMetrics.servingThreads(e, threads);
            QueryMetrics x = exact(trace, workers, e);
            for (long iv : intervalsNanos) {
                TraceResampler.Estimate s = TraceResampler.sample(trace, workers, e.startNanos(), e.endNanos(),
                        originNanos, iv);
                add(out, e, x, "resampled", iv / 1e6, new Double[] {s.processingMillis(), (double) s.activeWorkers(),
                    s.rsRatio(), (double) s.rsJumps(), (double) s.cpuJumps(), s.workerCpuMillis()});
                TraceResampler.Estimate g = TraceResampler.sample(trace, workers, e.startNanos(), e.endNanos(),
                        originNanos, iv, true);
                add(out, e, x, GATED, iv / 1e6, new Double[] {g.processingMillis(), (double) g.activeWorkers(),
                    g.rsRatio(), (double) g.rsJumps(), (double) g.cpuJumps(), g.workerCpuMillis()});
            }
        }
        return out;
    }

    /** The exact metrics against the live sampler's ({@code sampled}, in the order of {@code executions}). */
    public static List<Row> live(TraceSummary trace, List<ThreadInfo> threads, List<Execution> executions,
                                 List<QueryMetrics> sampled, double intervalMillis) {
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < executions.size(); i++) {
            Execution e = executions.get(i);
            QueryMetrics s = sampled.get(i);
            QueryMetrics x = exact(trace, ExactQueryMetrics.servingThreads(e, threads), e);
            add(out, e, x, "live", intervalMillis, new Double[] {s.processingMillis(),
                s.activeWorkers() == null ? null : s.activeWorkers().doubleValue(), s.rsRatio(),
                s.rsJumpsSampled() == null ? null : s.rsJumpsSampled().doubleValue(),
                s.coreChangesSampled() == null ? null : s.coreChangesSampled().doubleValue(),
                s.runningSamples() == null ? null : s.runningSamples() * intervalMillis});
            if (s.workerCpuMillis() != null && x.workerCpuMillis() != null) {
                out.add(new Row(e.tenant(), e.user(), e.query(), (e.endNanos() - e.startNanos()) / 1e6, "live",
                        intervalMillis, COUNTER_CPU, x.workerCpuMillis(), s.workerCpuMillis()));
            }
        }
        return out;
    }

    private static QueryMetrics exact(TraceSummary trace, List<ThreadInfo> workers, Execution e) {
        return ExactQueryMetrics.compute(trace, workers, e.startNanos(), e.endNanos(), new ExecutionOverlap(1, 1));
    }

    private static void add(List<Row> out, Execution e, QueryMetrics x, String source, double intervalMillis,
                            Double[] sampled) {
        Double[] exact = {x.processingMillis(), x.activeWorkers() == null ? null : x.activeWorkers().doubleValue(),
            x.rsRatio(), x.rsJumps() == null ? null : x.rsJumps().doubleValue(),
            x.cpuJumps() == null ? null : x.cpuJumps().doubleValue(), x.workerCpuMillis()};
        for (int m = 0; m < METRICS.size(); m++) {
            if (exact[m] != null && sampled[m] != null) {
                out.add(new Row(e.tenant(), e.user(), e.query(), (e.endNanos() - e.startNanos()) / 1e6, source,
                        intervalMillis, METRICS.get(m), exact[m], sampled[m]));
            }
        }
    }

    /**
     * One cell of the table: the median and 90th percentile of the relative error of {@code metric} sampled by
     * {@code source} every {@code intervalMillis}, over {@code n} executions (those with a relative error), and the
     * executions' length in intervals: bucket {@code [minLength, next bucket)}, or -1 for all lengths.
     */
    public record Cell(String source, double intervalMillis, String metric, int minLength, int n,
                       double medianPercent, double p90Percent) {
    }

    /** The table: per source, interval and metric, all lengths first, then by length bucket. */
    public static List<Cell> table(List<Row> rows) {
        Map<String, List<Row>> groups = new LinkedHashMap<>();
        for (Row r : rows) {
            if (Double.isNaN(r.errorPercent())) {
                continue;
            }
            String key = r.source() + "|" + r.intervalMillis() + "|" + r.metric();
            groups.computeIfAbsent(key + "|-1", k -> new ArrayList<>()).add(r);
            groups.computeIfAbsent(key + "|" + bucket(r.lengthInIntervals()), k -> new ArrayList<>()).add(r);
        }
        List<Cell> out = new ArrayList<>();
        groups.forEach((key, list) -> {
            double[] errors = list.stream().mapToDouble(Row::errorPercent).sorted().toArray();
            Row first = list.get(0);
            out.add(new Cell(first.source(), first.intervalMillis(), first.metric(),
                    Integer.parseInt(key.substring(key.lastIndexOf('|') + 1)), errors.length,
                    quantile(errors, 0.5), quantile(errors, 0.9)));
        });
        return out;
    }

    /** The lower bound of the length bucket holding {@code lengthInIntervals}. */
    static int bucket(double lengthInIntervals) {
        int b = LENGTH_BUCKETS[0];
        for (int bound : LENGTH_BUCKETS) {
            if (lengthInIntervals >= bound) {
                b = bound;
            }
        }
        return b;
    }

    /** The {@code q} quantile of sorted values, by linear interpolation between closest ranks. */
    static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }
}
