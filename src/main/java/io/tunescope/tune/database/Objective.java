package io.tunescope.tune.database;

import io.tunescope.BadInputException;
import io.tunescope.tune.session.Direction;

import java.util.Locale;

/**
 * What a database trial is scored by: throughput (executions per second over the measurement window, all tenants),
 * a latency percentile of the measured executions ({@code p95}: milliseconds), or the geometric mean of the mean time
 * of each query (TPC-H power style, milliseconds).
 */
public record Objective(Kind kind, double percentile) {
    public enum Kind { THROUGHPUT, LATENCY, GEOMEAN, NOTPM }

    public static Objective parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("throughput")) {
            return new Objective(Kind.THROUGHPUT, 0);
        }
        if (t.equals("notpm") || t.equals("tpmc")) {
            return new Objective(Kind.NOTPM, 0);
        }
        if (t.equals("geomean")) {
            return new Objective(Kind.GEOMEAN, 0);
        }
        if (t.matches("p\\d{1,2}(\\.\\d+)?")) {
            double p = Double.parseDouble(t.substring(1));
            if (p > 0 && p < 100) {
                return new Objective(Kind.LATENCY, p);
            }
        }
        throw BadInputException.of("objective", text, "must be throughput, notpm (TPC-C), geomean or a "
                + "latency percentile such as p95");
    }

    /** Throughput is maximised, times are minimised. */
    public Direction direction() {
        return kind == Kind.THROUGHPUT || kind == Kind.NOTPM ? Direction.MAXIMIZE : Direction.MINIMIZE;
    }

    /** The objective as a tuning file names it: {@code throughput}, {@code geomean} or {@code p95}. */
    public String name() {
        return switch (kind) {
            case THROUGHPUT -> "throughput";
            case NOTPM -> "notpm";
            case GEOMEAN -> "geomean";
            case LATENCY -> label().substring(0, label().indexOf(' '));
        };
    }

    public String label() {
        return switch (kind) {
            case THROUGHPUT -> "throughput (executions/s)";
            case NOTPM -> "NOTPM (TPC-C New-Orders committed per minute)";
            case GEOMEAN -> "geometric mean of query times (ms)";
            case LATENCY -> "p" + (percentile == Math.rint(percentile) ? Long.toString((long) percentile)
                    : Double.toString(percentile)) + " latency (ms)";
        };
    }
}
