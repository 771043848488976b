package io.tunescope.monitor.trace;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The first parser of scheduler trace text (regular expressions), kept as the reference the byte parser is
 * compared with and measured against ({@link SchedTraceParserBenchmark}). Parses one line of scheduler trace text into a {@link SchedEvent}: the tracefs format ({@code trace} and
 * {@code trace_pipe}, {@code "  comm-123  [001] d..2.  3246.138656: sched_switch: ..."}) and the default output of
 * {@code perf script} ({@code "  comm 123 [001] 3246.138656: sched:sched_switch: ..."}). Pure: nothing but the
 * line. Field layouts are those of the kernel's {@code print fmt} for {@code sched_switch}, {@code sched_wakeup},
 * {@code sched_migrate_task} and {@code cpuhp_enter} (see {@code /sys/kernel/tracing/events/sched/*}{@code /format}).
 * Command names may hold spaces and dashes, so fields are found by their keys, never by position.
 */
final class RegexSchedTraceParser {
    private static final Pattern HEAD_TID = Pattern.compile("[-\\s](\\d{1,9})\\s*$");
    private static final Pattern HEAD = Pattern.compile(
            "\\[(\\d{1,5})]\\s+(?:[^\\s:]{4,6}\\s+)?(\\d+)\\.(\\d{1,9}):\\s+(?:\\w+:)?(\\w+):\\s?(.*)$");
    private static final Pattern LOST_TRACEFS = Pattern.compile("^CPU:(\\d+) \\[LOST (\\d+) EVENTS]");
    private static final Pattern LOST_PERF = Pattern.compile("\\[(\\d{1,5})].*\\bLOST (\\d+) events!");
    private static final Pattern ENTRIES = Pattern.compile("^# entries-in-buffer/entries-written: (\\d+)/(\\d+)");
    private static final Pattern BUFFER_STARTED = Pattern.compile("^##### CPU (\\d+) buffer started ####");

    private RegexSchedTraceParser() {
    }

    /** The event on {@code line}, or null for anything else (headers, comments, other events, blank lines). */
    public static SchedEvent parse(String line) {
        if (line == null || line.isBlank()) {
            return null;
        }
        Matcher lost = LOST_TRACEFS.matcher(line);
        if (lost.find()) {
            return new SchedEvent.Lost(Integer.parseInt(lost.group(1)), Long.parseLong(lost.group(2)));
        }
        Matcher started = BUFFER_STARTED.matcher(line);
        if (started.find()) {
            return new SchedEvent.Lost(Integer.parseInt(started.group(1)), -1);
        }
        Matcher entries = ENTRIES.matcher(line);
        if (entries.find()) {
            long overwritten = Long.parseLong(entries.group(2)) - Long.parseLong(entries.group(1));
            return overwritten > 0 ? new SchedEvent.Lost(-1, overwritten) : null; // overwritten: on some CPU, which is not said
        }
        if (line.startsWith("#")) {
            return null;
        }
        Matcher perfLost = LOST_PERF.matcher(line);
        if (perfLost.find()) {
            return new SchedEvent.Lost(Integer.parseInt(perfLost.group(1)), Long.parseLong(perfLost.group(2)));
        }
        Matcher m = HEAD.matcher(line);
        if (!m.find()) {
            return null;
        }
        int cpu = Integer.parseInt(m.group(1));
        long nanos = nanos(m.group(2), m.group(3));
        String fields = m.group(5);
        Matcher headTid = HEAD_TID.matcher(line.substring(0, m.start(1) - 1));
        int current = headTid.find() ? Integer.parseInt(headTid.group(1)) : -1;
        return switch (m.group(4)) {
            case "sched_switch" -> aSwitch(cpu, nanos, fields);
            case "sched_wakeup", "sched_wakeup_new" -> {
                int tid = intField(fields, "pid=");
                int target = intField(fields, "target_cpu=");
                yield tid < 0 ? null : new SchedEvent.Wakeup(cpu, nanos, tid, target < 0 ? cpu : target, current);
            }
            case "sched_migrate_task" -> {
                int tid = intField(fields, "pid=");
                int from = intField(fields, "orig_cpu=");
                int to = intField(fields, "dest_cpu=");
                yield tid < 0 || from < 0 || to < 0 ? null : new SchedEvent.Migrate(cpu, nanos, tid, from, to, current);
            }
            case "cpuhp_enter", "cpuhp_exit", "cpuhp_multi_enter" -> {
                int target = intField(fields, "cpu: ");
                yield new SchedEvent.Hotplug(cpu, nanos, target, line.strip());
            }
            default -> null;
        };
    }

    private static SchedEvent aSwitch(int cpu, long nanos, String fields) {
        int arrow = fields.indexOf(" ==> ");
        if (arrow < 0) {
            return null;
        }
        String prev = fields.substring(0, arrow);
        String next = fields.substring(arrow + 5);
        int prevTid = intField(prev, " prev_pid=");
        int nextTid = intField(next, " next_pid=");
        int stateAt = prev.lastIndexOf(" prev_state=");
        if (prevTid < 0 || nextTid < 0 || stateAt < 0) {
            return null;
        }
        String state = prev.substring(stateAt + " prev_state=".length()).strip();
        int space = state.indexOf(' ');
        return new SchedEvent.Switch(cpu, nanos, prevTid, space < 0 ? state : state.substring(0, space), nextTid);
    }

    /**
     * The unsigned decimal after the last occurrence of {@code key} (a command name before it may contain the same
     * text, the kernel's own fields come after it), or -1.
     */
    static int intField(String fields, String key) {
        int at = fields.lastIndexOf(key);
        if (at < 0) {
            return -1;
        }
        int from = at + key.length();
        while (from < fields.length() && fields.charAt(from) == ' ') {
            from++;
        }
        int to = from;
        while (to < fields.length() && Character.isDigit(fields.charAt(to)) && to - from < 9) {
            to++;
        }
        return to == from ? -1 : Integer.parseInt(fields, from, to, 10);
    }

    /** {@code seconds.fraction} as nanoseconds, whatever the number of fraction digits (6 in tracefs, 9 in perf). */
    static long nanos(String seconds, String fraction) {
        long f = Long.parseLong(fraction);
        for (int d = fraction.length(); d < 9; d++) {
            f *= 10;
        }
        return Long.parseLong(seconds) * 1_000_000_000L + f;
    }
}
