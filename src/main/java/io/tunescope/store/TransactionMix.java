package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.HdrHistogram.Histogram;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a run of named transactions did, per transaction, from a tenant's measured executions: how many ran and
 * committed, their share of the mix, throughput, latency percentiles of the committed ones, and every failure by
 * SQLSTATE (retried serialization failures included: nothing is hidden). For TPC-C, {@code tpmC} is the New-Orders
 * committed per minute of measurement, which HammerDB calls NOPM and BenchBase NOTPM ({@code notpm}, the same
 * number); neither is an audited TPC figure. {@code consistency} is TPC-C's verdict on the tenant's database after
 * the run: {@code passed} when consistency conditions 1 to 4 hold, else the conditions that failed, named; absent when
 * they were not checked (another workload, or a run that ended early).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TransactionMix(Double tpmC, Double notpm, double measureSeconds, List<Transaction> transactions,
                             Double latencyLimitMillis, Map<String, Long> errorsBySqlState, String consistency) {
    /** The consistency verdict when every condition holds. */
    public static final String PASSED = "passed";

    /**
     * {@code errorsBySqlState} sums the transactions' failures by SQLSTATE (a database restart shows as 57P01 and
     * class 08, the connections it ended); computed from {@code transactions} when null.
     */
    public TransactionMix {
        if (errorsBySqlState == null && transactions != null) {
            Map<String, Long> sum = new TreeMap<>();
            for (Transaction t : transactions) {
                if (t.errorsBySqlState() != null) {
                    t.errorsBySqlState().forEach((state, n) -> sum.merge(state, n, Long::sum));
                }
            }
            errorsBySqlState = sum;
        }
    }

    public TransactionMix(Double tpmC, Double notpm, double measureSeconds, List<Transaction> transactions) {
        this(tpmC, notpm, measureSeconds, transactions, null, null, null);
    }

    public TransactionMix(Double tpmC, Double notpm, double measureSeconds, List<Transaction> transactions,
                          Double latencyLimitMillis) {
        this(tpmC, notpm, measureSeconds, transactions, latencyLimitMillis, null, null);
    }

    /** This mix with TPC-C's verdict after the run (null: not checked). */
    public TransactionMix withConsistency(String verdict) {
        return new TransactionMix(tpmC, notpm, measureSeconds, transactions, latencyLimitMillis, errorsBySqlState,
                verdict);
    }

    /**
     * One transaction's measured executions; {@code errorsBySqlState} uses "none" for a failure without one;
     * {@code late} counts those slower than the run's latency limit (null without one).
     */
    public record Transaction(String name, long count, long committed, double sharePercent, double committedPerSec,
                              Double p50Millis, Double p90Millis, Double p99Millis,
                              Map<String, Long> errorsBySqlState,
                              @JsonInclude(JsonInclude.Include.NON_NULL) Long late) {
        public Transaction(String name, long count, long committed, double sharePercent, double committedPerSec,
                           Double p50Millis, Double p90Millis, Double p99Millis, Map<String, Long> errorsBySqlState) {
            this(name, count, committed, sharePercent, committedPerSec, p50Millis, p90Millis, p99Millis,
                    errorsBySqlState, null);
        }
    }

    /** The transactions of {@code csv} in the order of {@code names}; tpmC counts {@code newOrder} if not null. */
    public static TransactionMix read(Path csv, List<String> names, String newOrder, double measureSeconds) {
        return read(csv, names, newOrder, measureSeconds, 0);
    }

    /**
     * As {@link #read(Path, List, String, double)}, counting per transaction the measured executions (committed or
     * failed) whose response time exceeds {@code latencyLimitNanos} (0: no limit, nothing counted).
     */
    public static TransactionMix read(Path csv, List<String> names, String newOrder, double measureSeconds,
                                      long latencyLimitNanos) {
        Map<String, Histogram> latencies = new LinkedHashMap<>();
        Map<String, long[]> counts = new LinkedHashMap<>();
        Map<String, Map<String, Long>> errors = new LinkedHashMap<>();
        for (String name : names) {
            latencies.put(name, new Histogram(3));
            counts.put(name, new long[3]);
            errors.put(name, new TreeMap<>());
        }
        if (Files.exists(csv)) {
            ExecutionCsv.forEach(csv, e -> {
                if (e.phase() != ExecutionRecord.Phase.MEASURE || !counts.containsKey(e.query())) {
                    return;
                }
                long[] c = counts.get(e.query());
                c[0]++;
                if (latencyLimitNanos > 0 && e.responseNanos() > latencyLimitNanos) {
                    c[2]++;
                }
                if (e.failed()) {
                    errors.get(e.query()).merge(sqlState(e.error()), 1L, Long::sum);
                } else {
                    c[1]++;
                    latencies.get(e.query()).recordValue(Math.max(1, e.responseNanos() / 1_000));
                }
            });
        }
        long all = counts.values().stream().mapToLong(c -> c[0]).sum();
        List<Transaction> transactions = new ArrayList<>();
        for (String name : names) {
            long[] c = counts.get(name);
            Histogram h = latencies.get(name);
            transactions.add(new Transaction(name, c[0], c[1], all == 0 ? 0 : 100.0 * c[0] / all,
                    measureSeconds > 0 ? c[1] / measureSeconds : 0, percentile(h, 50), percentile(h, 90),
                    percentile(h, 99), errors.get(name), latencyLimitNanos > 0 ? c[2] : null));
        }
        Double tpmC = newOrder == null || measureSeconds <= 0 ? null : counts.get(newOrder)[1] * 60.0 / measureSeconds;
        return new TransactionMix(tpmC, tpmC, measureSeconds, transactions,
                latencyLimitNanos > 0 ? latencyLimitNanos / 1e6 : null, null, null);
    }

    /** The SQLSTATE an execution's error starts with ("40001: ..."), or "none". */
    static String sqlState(String error) {
        int colon = error.indexOf(": ");
        String head = colon < 0 ? "" : error.substring(0, colon);
        return head.matches("[0-9A-Z]{5}") ? head : "none";
    }

    private static Double percentile(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? null : h.getValueAtPercentile(percentile) / 1_000.0;
    }
}
