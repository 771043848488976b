package io.tunescope.experiment.plan;

import io.tunescope.BadInputException;
import io.tunescope.engine.CpuList;
import io.tunescope.workload.WorkloadDefinition;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** A factor an experiment plan may vary, with the rule its levels follow and their canonical spelling. */
public enum Factor {
    USERS("users"),
    TENANTS("tenants"),
    WORKLOAD("workload"),
    /** The study's {@code max_concurrency}: DuckDB {@code threads}, PostgreSQL parallel workers per gather. */
    WORKER_LIMIT("workerLimit"),
    /**
     * A CPU list for all tenants ({@code 0-1}), one per tenant ({@code 0/1}), or {@code one-each} (tenant i on CPU i);
     * on SMT machines siblings set the level.
     */
    CPUS("cpus");

    private final String key;

    Factor(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static Factor byKey(String key) {
        return Arrays.stream(values()).filter(f -> f.key.equals(key)).findFirst().orElse(null);
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(Factor::key).toList();
    }

    /** Checks one level and returns its canonical text; throws bad input naming the rule. */
    public String canonical(String level, int availableCpus) {
        String t = level.trim();
        return switch (this) {
            case USERS -> String.valueOf(bounded(t, 1, 1024));
            case TENANTS -> String.valueOf(bounded(t, 1, 64));
            case WORKLOAD -> WorkloadDefinition.parse(t, false).toString();
            case WORKER_LIMIT -> t.equalsIgnoreCase("off") ? "off" : String.valueOf(bounded(t, 1, 1024));
            case CPUS -> {
                if (t.equals(CpuList.ONE_EACH)) {
                    yield t;
                }
                for (String list : t.split("/")) {
                    CpuList.parse(list, availableCpus);
                }
                yield t.replace(" ", "");
            }
        };
    }

    /** The worker limit as DuckDB's {@code threads} setting: 0 keeps the default. */
    public static int workerLimitThreads(String level) {
        return level.toLowerCase(Locale.ROOT).equals("off") ? 0 : Integer.parseInt(level);
    }

    private int bounded(String text, int min, int max) {
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw BadInputException.of(key, text, "must be a whole number");
        }
        if (value < min || value > max) {
            throw BadInputException.of(key, value, "must be between " + min + " and " + max);
        }
        return value;
    }
}
