package io.tunescope.monitor.export;

import io.tunescope.monitor.GroupKey;
import io.tunescope.monitor.LiveTotals;

import java.util.Locale;
import java.util.Map;

/**
 * Renders live per-group totals in the Prometheus text exposition format (version 0.0.4) under the metric names of
 * ncabatoff/process-exporter's thread metrics, so existing dashboards work: {@code groupname} is the tenant,
 * {@code threadname} the thread group, plus a {@code role} label. One series per group, never per thread id.
 */
public final class OpenMetricsFormat {
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private OpenMetricsFormat() {
    }

    public static String render(Map<GroupKey, LiveTotals.Snapshot> groups, long clockTicksPerSecond) {
        StringBuilder b = new StringBuilder(4096);
        header(b, "namedprocess_namegroup_thread_cpu_seconds_total", "counter",
                "CPU user/system time of the threads of a thread group, in seconds");
        groups.forEach((k, s) -> {
            line(b, "namedprocess_namegroup_thread_cpu_seconds_total", k, "mode", "user",
                    (double) s.userTicks() / clockTicksPerSecond);
            line(b, "namedprocess_namegroup_thread_cpu_seconds_total", k, "mode", "system",
                    (double) s.systemTicks() / clockTicksPerSecond);
        });
        header(b, "namedprocess_namegroup_thread_context_switches_total", "counter",
                "Context switches of the threads of a thread group");
        groups.forEach((k, s) -> {
            line(b, "namedprocess_namegroup_thread_context_switches_total", k, "ctxswitchtype", "voluntary",
                    s.voluntarySwitches());
            line(b, "namedprocess_namegroup_thread_context_switches_total", k, "ctxswitchtype", "nonvoluntary",
                    s.involuntarySwitches());
        });
        header(b, "namedprocess_namegroup_thread_count", "gauge", "Live threads in a thread group");
        groups.forEach((k, s) -> line(b, "namedprocess_namegroup_thread_count", k, null, null, s.threads()));
        header(b, "tunescope_thread_migrations_total", "counter",
                "CPU core migrations of the threads of a thread group (se.nr_migrations)");
        groups.forEach((k, s) -> line(b, "tunescope_thread_migrations_total", k, null, null, s.migrations()));
        header(b, "tunescope_thread_oncpu_seconds_total", "counter",
                "On-CPU time of the threads of a thread group from schedstat, in seconds");
        groups.forEach((k, s) -> line(b, "tunescope_thread_oncpu_seconds_total", k, null, null, s.cpuNanos() / 1e9));
        return b.toString();
    }

    private static void header(StringBuilder b, String name, String type, String help) {
        b.append("# HELP ").append(name).append(' ').append(help).append('\n');
        b.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static void line(StringBuilder b, String name, GroupKey k, String label, String value, double v) {
        b.append(name).append("{groupname=\"").append(escape(k.tenant())).append("\",threadname=\"")
                .append(escape(k.group())).append("\",role=\"").append(k.role().label()).append('"');
        if (label != null) {
            b.append(',').append(label).append("=\"").append(value).append('"');
        }
        b.append("} ");
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            b.append((long) v);
        } else {
            b.append(String.format(Locale.ROOT, "%.6f", v));
        }
        b.append('\n');
    }

    static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
