package io.tunescope.tune.database;

import io.tunescope.store.VerdictExplanation.Pair;
import io.tunescope.store.VerdictExplanation.QueryDifference;
import io.tunescope.store.VerdictExplanation.RoleDifference;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The explanation in sentences: the queries whose mean response time changed most, what that change is made of
 * (the work, CPU per execution; waiting for a CPU, run-queue delay; or time off CPU), and the thread roles whose CPU
 * changed most.
 */
final class ExplanationFindings {
    /** A change smaller than this, in percent, is not named. */
    static final double NOTABLE_PERCENT = 5;
    private static final int MOST_NAMED = 3;

    private ExplanationFindings() {
    }

    static List<String> of(List<QueryDifference> queries, List<RoleDifference> roles) {
        List<String> out = new ArrayList<>();
        List<QueryDifference> changed = queries.stream().filter(q -> notable(q.responseMillis()))
                .sorted(Comparator.comparingDouble(q -> -Math.abs(q.responseMillis().changePercent()))).toList();
        if (changed.isEmpty()) {
            out.add(String.format(Locale.ROOT, "No query's mean response time differs by %.0f %% or more between "
                    + "default and best.", NOTABLE_PERCENT));
        }
        for (QueryDifference q : changed.subList(0, Math.min(MOST_NAMED, changed.size()))) {
            out.add(String.format(Locale.ROOT, "%s: mean response %s ms; worker CPU per execution %s ms; run-queue "
                    + "delay %s ms.", q.query(), change(q.responseMillis()), change(q.workerCpuMillis()),
                    change(q.runDelayMillis())));
        }
        cause(queries).ifPresent(out::add);
        roles.stream().filter(r -> notable(r.cpuCores()) && r.cpuCores().defaultValue() >= 0.01)
                .sorted(Comparator.comparingDouble(r -> -Math.abs(r.cpuCores().bestValue()
                        - r.cpuCores().defaultValue())))
                .limit(MOST_NAMED)
                .forEach(r -> out.add(String.format(Locale.ROOT, "%s threads: CPU %s cores; run-queue delay %s ms "
                        + "per second; context switches %s per second.", r.role(), change(r.cpuCores()),
                        change(r.runDelayMillisPerSecond()), change(r.switchesPerSecond()))));
        return out;
    }

    /**
     * What the response-time difference summed over the queries is made of: CPU per execution (the work), run-queue
     * delay (waiting for a CPU: the machine's other load changes it as much as a configuration does), or neither
     * (time off CPU: I/O, locks, waits). Empty when the sum changed by less than {@link #NOTABLE_PERCENT}.
     */
    static java.util.Optional<String> cause(List<QueryDifference> queries) {
        double response = 0;
        double responseBase = 0;
        double cpu = 0;
        double delay = 0;
        for (QueryDifference q : queries) {
            if (complete(q.responseMillis()) && complete(q.workerCpuMillis()) && complete(q.runDelayMillis())) {
                responseBase += q.responseMillis().defaultValue();
                response += q.responseMillis().bestValue() - q.responseMillis().defaultValue();
                cpu += q.workerCpuMillis().bestValue() - q.workerCpuMillis().defaultValue();
                delay += q.runDelayMillis().bestValue() - q.runDelayMillis().defaultValue();
            }
        }
        if (responseBase <= 0 || Math.abs(response) / responseBase * 100 < NOTABLE_PERCENT) {
            return java.util.Optional.empty();
        }
        String total = String.format(Locale.ROOT, "Summed over the queries the mean response changes by %+.1f ms "
                + "(%+.1f %%)", response, response / responseBase * 100);
        if (Math.signum(delay) == Math.signum(response) && Math.abs(delay) >= Math.abs(response) / 2) {
            return java.util.Optional.of(String.format(Locale.ROOT, "%s, %+.1f ms of it run-queue delay: most of "
                    + "the difference is waiting for a CPU, which other load on the machine changes as much as a "
                    + "configuration does.", total, delay));
        }
        if (Math.signum(cpu) == Math.signum(response) && Math.abs(cpu) >= Math.abs(response) / 2) {
            return java.util.Optional.of(String.format(Locale.ROOT, "%s, %+.1f ms of it worker CPU: the difference "
                    + "is in the work the database does.", total, cpu));
        }
        return java.util.Optional.of(String.format(Locale.ROOT, "%s; worker CPU %+.1f ms and run-queue delay %+.1f "
                + "ms account for less than half of it: the rest is time off CPU (I/O, locks, waits).", total, cpu,
                delay));
    }

    private static boolean notable(Pair p) {
        return p != null && p.changePercent() != null && Math.abs(p.changePercent()) >= NOTABLE_PERCENT;
    }

    private static boolean complete(Pair p) {
        return p != null && p.defaultValue() != null && p.bestValue() != null;
    }

    /** "120.0 → 95.0 (−20.8 %)", or the one value known. */
    static String change(Pair p) {
        if (!complete(p)) {
            return p == null || (p.defaultValue() == null && p.bestValue() == null) ? "not measured"
                    : String.format(Locale.ROOT, "%s → %s", value(p.defaultValue()), value(p.bestValue()));
        }
        return p.changePercent() == null ? String.format(Locale.ROOT, "%s → %s", value(p.defaultValue()),
                value(p.bestValue()))
                : String.format(Locale.ROOT, "%s → %s (%+.1f %%)", value(p.defaultValue()), value(p.bestValue()),
                        p.changePercent());
    }

    private static String value(Double v) {
        return v == null ? "?" : Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }
}
