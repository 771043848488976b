package io.tunescope.monitor.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static io.tunescope.monitor.trace.TraceBytes.digitsEnd;
import static io.tunescope.monitor.trace.TraceBytes.same;
import static io.tunescope.monitor.trace.TraceBytes.indexOf;
import static io.tunescope.monitor.trace.TraceBytes.lastIndexOf;
import static io.tunescope.monitor.trace.TraceBytes.number;
import static io.tunescope.monitor.trace.TraceBytes.spacesEnd;
import static io.tunescope.monitor.trace.TraceBytes.startsWith;

/**
 * Parses one line of scheduler trace text into a {@link SchedEvent}: the tracefs format ({@code trace} and
 * {@code trace_pipe}, {@code "  comm-123  [001] d..2.  3246.138656: sched_switch: ..."}) and the default output of
 * {@code perf script} ({@code "  comm 123 [001] 3246.138656: sched:sched_switch: ..."}). Pure: nothing but the
 * line. Field layouts are those of the kernel's {@code print fmt} for {@code sched_switch}, {@code sched_wakeup},
 * {@code sched_migrate_task}, {@code sched_stat_runtime} and {@code cpuhp_enter} (see {@code /sys/kernel/tracing/events/sched/*}{@code /format}).
 * Command names may hold spaces, dashes and brackets, so the head is the first {@code [cpu]} followed by a
 * timestamp, and fields are found by their keys (the last occurrence: a command name comes before the kernel's own
 * fields), never by position.
 *
 * <p>It works on bytes, without regular expressions or strings (the first version's regular expressions cost about
 * 520 ms of CPU per 8 s of tracing, ~27,000 events): a switch allocates its event record only, its state is one of a
 * few constants. Hot-plug lines keep their text.
 */
public final class SchedTraceParser {
    // byte helpers: see TraceBytes
    private static final byte[] LOST_TRACEFS = ascii("CPU:");
    private static final byte[] LOST_EVENTS = ascii(" [LOST ");
    private static final byte[] LOST_EVENTS_END = ascii(" EVENTS]");
    private static final String[] STATES = {"S", "R", "R+", "D", "I", "X", "Z", "T", "t", "P", "N"};
    private static final byte[] BUFFER_STARTED = ascii("##### CPU ");
    private static final byte[] BUFFER_STARTED_END = ascii(" buffer started ####");
    private static final byte[] ENTRIES = ascii("# entries-in-buffer/entries-written: ");
    private static final byte[] PERF_LOST = ascii("LOST ");
    private static final byte[] PERF_LOST_END = ascii(" events!");
    private static final byte[] ARROW = ascii(" ==> ");
    private static final byte[] PREV_PID = ascii(" prev_pid=");
    private static final byte[] NEXT_PID = ascii(" next_pid=");
    private static final byte[] PREV_STATE = ascii(" prev_state=");
    private static final byte[] PID = ascii("pid=");
    private static final byte[] TARGET_CPU = ascii("target_cpu=");
    private static final byte[] ORIG_CPU = ascii("orig_cpu=");
    private static final byte[] DEST_CPU = ascii("dest_cpu=");
    private static final byte[] HOTPLUG_CPU = ascii("cpu: ");
    private static final byte[] RUNTIME = ascii("runtime=");

    private SchedTraceParser() {
    }

    /** The event on {@code line}, or null for anything else (headers, comments, other events, blank lines). */
    public static SchedEvent parse(String line) {
        if (line == null) {
            return null;
        }
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return parse(b, 0, b.length);
    }

    /**
     * Every event of the trace text in {@code in}, in order, appended to {@code out}; lines are split on {@code \n}
     * in a reused buffer (a line longer than the buffer grows it).
     */
    public static void parseAll(InputStream in, List<SchedEvent> out) throws IOException {
        byte[] buf = new byte[1 << 20];
        int filled = 0;
        int n;
        while ((n = in.read(buf, filled, buf.length - filled)) >= 0) {
            filled += n;
            int lineStart = 0;
            for (int i = 0; i < filled; i++) {
                if (buf[i] == '\n') {
                    add(buf, lineStart, i, out);
                    lineStart = i + 1;
                }
            }
            System.arraycopy(buf, lineStart, buf, 0, filled - lineStart);
            filled -= lineStart;
            if (filled == buf.length) {
                buf = java.util.Arrays.copyOf(buf, buf.length * 2);
            }
        }
        add(buf, 0, filled, out);
    }

    private static void add(byte[] buf, int from, int to, List<SchedEvent> out) {
        int end = to > from && buf[to - 1] == '\r' ? to - 1 : to;
        SchedEvent e = parse(buf, from, end);
        if (e != null) {
            out.add(e);
        }
    }

    /** The event on the line {@code buf[from, to)} (without its line end), or null as {@link #parse(String)}. */
    public static SchedEvent parse(byte[] buf, int from, int to) {
        if (startsWith(buf, from, to, LOST_TRACEFS)) {
            int cpuEnd = digitsEnd(buf, from + LOST_TRACEFS.length, to);
            if (startsWith(buf, cpuEnd, to, LOST_EVENTS)) {
                int nEnd = digitsEnd(buf, cpuEnd + LOST_EVENTS.length, to);
                if (nEnd < to && nEnd > cpuEnd + LOST_EVENTS.length && startsWith(buf, nEnd, to, LOST_EVENTS_END)) {
                    return new SchedEvent.Lost((int) number(buf, from + LOST_TRACEFS.length, cpuEnd),
                            number(buf, cpuEnd + LOST_EVENTS.length, nEnd));
                }
            }
        }
        if (from < to && buf[from] == '#') {
            return comment(buf, from, to);
        }
        int lost = indexOf(buf, from, to, PERF_LOST);
        if (lost >= 0) {
            SchedEvent e = perfLost(buf, from, to, lost);
            if (e != null) {
                return e;
            }
        }
        return event(buf, from, to);
    }

    private static SchedEvent comment(byte[] buf, int from, int to) {
        if (startsWith(buf, from, to, BUFFER_STARTED)) {
            int start = from + BUFFER_STARTED.length;
            int end = digitsEnd(buf, start, to);
            if (end > start && startsWith(buf, end, to, BUFFER_STARTED_END)) {
                return new SchedEvent.Lost((int) number(buf, start, end), -1);
            }
        }
        if (startsWith(buf, from, to, ENTRIES)) {
            int inStart = from + ENTRIES.length;
            int inEnd = digitsEnd(buf, inStart, to);
            int writtenEnd = digitsEnd(buf, inEnd + 1, to);
            if (inEnd > inStart && inEnd < to && buf[inEnd] == '/' && writtenEnd > inEnd + 1) {
                long overwritten = number(buf, inEnd + 1, writtenEnd) - number(buf, inStart, inEnd);
                return overwritten > 0 ? new SchedEvent.Lost(-1, overwritten) : null; // on some CPU, not said which
            }
        }
        return null;
    }

    /** perf's {@code [cpu] ... LOST n events!}: the first {@code [cpu]} of the line, the last count. */
    private static SchedEvent perfLost(byte[] buf, int from, int to, int lost) {
        int at = lastIndexOf(buf, from, to, PERF_LOST);
        int nEnd = digitsEnd(buf, at + PERF_LOST.length, to);
        if (nEnd == at + PERF_LOST.length || !startsWith(buf, nEnd, to, PERF_LOST_END)
                || (at > from && isWordByte(buf[at - 1]))) {
            return null;
        }
        for (int i = from; i < lost; i++) {
            if (buf[i] == '[') {
                int end = digitsEnd(buf, i + 1, to);
                if (end > i + 1 && end - i - 1 <= 5 && end < to && buf[end] == ']') {
                    return new SchedEvent.Lost((int) number(buf, i + 1, end), number(buf, at + PERF_LOST.length, nEnd));
                }
            }
        }
        return null;
    }

    /** A tracepoint line: its head ({@code [cpu] flags? seconds.fraction: system:? name:}), then its fields. */
    private static SchedEvent event(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] != '[') {
                continue;
            }
            int cpuEnd = digitsEnd(buf, i + 1, to);
            if (cpuEnd == i + 1 || cpuEnd - i - 1 > 5 || cpuEnd >= to || buf[cpuEnd] != ']') {
                continue;
            }
            int p = spacesEnd(buf, cpuEnd + 1, to);
            if (p == cpuEnd + 1) {
                continue;
            }
            int afterStamp = timestampEnd(buf, p, to);
            if (afterStamp < 0) { // a flags column (4 to 6 bytes) before the timestamp
                int flagsEnd = p;
                while (flagsEnd < to && buf[flagsEnd] != ' ' && buf[flagsEnd] != '\t' && buf[flagsEnd] != ':') {
                    flagsEnd++;
                }
                int q = spacesEnd(buf, flagsEnd, to);
                if (flagsEnd - p < 4 || flagsEnd - p > 6 || q == flagsEnd) {
                    continue;
                }
                p = q;
                afterStamp = timestampEnd(buf, p, to);
                if (afterStamp < 0) {
                    continue;
                }
            }
            return named(buf, from, new Head((int) number(buf, i + 1, cpuEnd), stampNanos(buf, p, afterStamp - 1),
                    headTid(buf, from, i)), afterStamp, to);
        }
        return null;
    }

    private record Head(int cpu, long nanos, int tid) { // the thread current on the CPU, -1: not said
    }

    /** The thread id before the {@code [cpu]} at {@code bracket} (tracefs {@code comm-PID}, perf {@code comm PID}), or -1. */
    static int headTid(byte[] buf, int from, int bracket) {
        int end = bracket;
        while (end > from && (buf[end - 1] == ' ' || buf[end - 1] == '\t')) {
            end--;
        }
        int start = end;
        while (start > from && end - start < 9 && buf[start - 1] >= '0' && buf[start - 1] <= '9') {
            start--;
        }
        boolean separated = start > from && (buf[start - 1] == '-' || buf[start - 1] == ' ' || buf[start - 1] == '\t');
        return start == end || !separated ? -1 : (int) number(buf, start, end);
    }

    /** After the timestamp's colon: whitespace, an optional {@code system:}, the event name and its colon. */
    private static SchedEvent named(byte[] buf, int lineFrom, Head head, int afterStamp, int to) {
        int cpu = head.cpu();
        long nanos = head.nanos();
        int p = spacesEnd(buf, afterStamp, to);
        if (p == afterStamp) {
            return null;
        }
        int nameStart = p;
        int nameEnd = wordEnd(buf, p, to);
        if (nameEnd == nameStart || nameEnd >= to || buf[nameEnd] != ':') {
            return null;
        }
        int second = wordEnd(buf, nameEnd + 1, to);
        if (second > nameEnd + 1 && second < to && buf[second] == ':') { // perf's "sched:sched_switch:"
            nameStart = nameEnd + 1;
            nameEnd = second;
        }
        int fields = nameEnd + 1;
        if (fields < to && (buf[fields] == ' ' || buf[fields] == '\t')) {
            fields++;
        }
        return switch (name(buf, nameStart, nameEnd)) {
            case SWITCH -> aSwitch(buf, cpu, nanos, fields, to);
            case WAKEUP -> {
                int tid = intField(buf, fields, to, PID);
                int target = intField(buf, fields, to, TARGET_CPU);
                yield tid < 0 ? null : new SchedEvent.Wakeup(cpu, nanos, tid, target < 0 ? cpu : target,
                        head.tid());
            }
            case MIGRATE -> {
                int tid = intField(buf, fields, to, PID);
                int fromCpu = intField(buf, fields, to, ORIG_CPU);
                int toCpu = intField(buf, fields, to, DEST_CPU);
                yield tid < 0 || fromCpu < 0 || toCpu < 0 ? null
                        : new SchedEvent.Migrate(cpu, nanos, tid, fromCpu, toCpu, head.tid());
            }
            case RUNTIME -> {
                int tid = intField(buf, fields, to, PID);
                long runtime = longField(buf, fields, to, RUNTIME);
                yield tid < 0 || runtime < 0 ? null : new SchedEvent.Runtime(cpu, nanos, tid, runtime, head.tid());
            }
            case HOTPLUG -> new SchedEvent.Hotplug(cpu, nanos, intField(buf, fields, to, HOTPLUG_CPU),
                    new String(buf, lineFrom, to - lineFrom, StandardCharsets.UTF_8).strip());
            case OTHER -> null;
        };
    }

    private static SchedEvent aSwitch(byte[] buf, int cpu, long nanos, int from, int to) {
        int arrow = indexOf(buf, from, to, ARROW);
        if (arrow < 0) {
            return null;
        }
        int prevTid = intField(buf, from, arrow, PREV_PID);
        int nextTid = intField(buf, arrow + ARROW.length, to, NEXT_PID);
        int stateAt = lastIndexOf(buf, from, arrow, PREV_STATE);
        if (prevTid < 0 || nextTid < 0 || stateAt < 0) {
            return null;
        }
        int s = spacesEnd(buf, stateAt + PREV_STATE.length, arrow);
        int e = s;
        while (e < arrow && buf[e] != ' ' && buf[e] != '\t') {
            e++;
        }
        return new SchedEvent.Switch(cpu, nanos, prevTid, state(buf, s, e), nextTid);
    }

    private enum Name { SWITCH, WAKEUP, MIGRATE, RUNTIME, HOTPLUG, OTHER }

    private static Name name(byte[] buf, int from, int to) {
        if (same(buf, from, to, "sched_switch")) {
            return Name.SWITCH;
        }
        if (same(buf, from, to, "sched_wakeup") || same(buf, from, to, "sched_wakeup_new")) {
            return Name.WAKEUP;
        }
        if (same(buf, from, to, "sched_migrate_task")) {
            return Name.MIGRATE;
        }
        if (same(buf, from, to, "sched_stat_runtime")) {
            return Name.RUNTIME;
        }
        if (same(buf, from, to, "cpuhp_enter") || same(buf, from, to, "cpuhp_exit")
                || same(buf, from, to, "cpuhp_multi_enter")) {
            return Name.HOTPLUG;
        }
        return Name.OTHER;
    }

    /** The state text, as a shared constant for the common ones. */
    private static String state(byte[] buf, int from, int to) {
        for (String known : STATES) {
            if (same(buf, from, to, known)) {
                return known;
            }
        }
        return new String(buf, from, to - from, StandardCharsets.US_ASCII);
    }

    /**
     * The unsigned decimal (at most 9 digits) after the last occurrence of {@code key} in {@code buf[from, to)},
     * spaces allowed before it, or -1.
     */
    static int intField(byte[] buf, int from, int to, byte[] key) {
        return (int) decimalAfter(buf, lastIndexOf(buf, from, to, key), key.length, to, 9);
    }

    /**
     * The unsigned decimal (at most 18 digits) after the last occurrence of {@code key} in {@code buf[from, to)} that
     * is not the end of a longer word (older kernels print {@code vruntime=} after {@code runtime=}), or -1.
     */
    static long longField(byte[] buf, int from, int to, byte[] key) {
        int at = lastIndexOf(buf, from, to, key);
        while (at > from && isWordByte(buf[at - 1])) {
            at = lastIndexOf(buf, from, at + key.length - 1, key);
        }
        return decimalAfter(buf, at, key.length, to, 18);
    }

    /** The decimal of up to {@code maxDigits} after the key found at {@code at} (spaces allowed), or -1. */
    private static long decimalAfter(byte[] buf, int at, int keyLength, int to, int maxDigits) {
        if (at < 0) {
            return -1;
        }
        int start = spacesEnd(buf, at + keyLength, to);
        int end = start;
        while (end < to && end - start < maxDigits && buf[end] >= '0' && buf[end] <= '9') {
            end++;
        }
        return end == start ? -1 : number(buf, start, end);
    }

    /** The end of {@code seconds.fraction:} starting at {@code from} (past the colon), or -1. */
    private static int timestampEnd(byte[] buf, int from, int to) {
        int dot = digitsEnd(buf, from, to);
        if (dot == from || dot >= to || buf[dot] != '.') {
            return -1;
        }
        int colon = digitsEnd(buf, dot + 1, to);
        if (colon == dot + 1 || colon - dot - 1 > 9 || colon >= to || buf[colon] != ':') {
            return -1;
        }
        return colon + 1;
    }

    /** {@code seconds.fraction} in {@code buf[from, to)} as nanoseconds, whatever the number of fraction digits. */
    private static long stampNanos(byte[] buf, int from, int to) {
        int dot = digitsEnd(buf, from, to);
        long fraction = number(buf, dot + 1, to);
        for (int d = to - dot - 1; d < 9; d++) {
            fraction *= 10;
        }
        return number(buf, from, dot) * 1_000_000_000L + fraction;
    }

    private static int wordEnd(byte[] buf, int from, int to) {
        int i = from;
        while (i < to && isWordByte(buf[i])) {
            i++;
        }
        return i;
    }

    private static boolean isWordByte(byte b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_';
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
