package io.tunescope.monitor.proc;

/**
 * Parses the voluntary/involuntary context switches (and migrations) of one thread from either
 * {@code /proc/<pid>/task/<tid>/sched} ({@code nr_voluntary_switches}, {@code nr_involuntary_switches},
 * {@code se.nr_migrations}) or {@code /proc/<pid>/task/<tid>/status} ({@code voluntary_ctxt_switches},
 * {@code nonvoluntary_ctxt_switches}; no migrations there).
 */
public final class SwitchCountsParser {
    private static final byte[] SCHED_VOLUNTARY = ProcText.bytes("nr_voluntary_switches");
    private static final byte[] SCHED_INVOLUNTARY = ProcText.bytes("nr_involuntary_switches");
    private static final byte[] SCHED_MIGRATIONS = ProcText.bytes("se.nr_migrations");
    private static final byte[] STATUS_VOLUNTARY = ProcText.bytes("voluntary_ctxt_switches:");
    private static final byte[] STATUS_INVOLUNTARY = ProcText.bytes("nonvoluntary_ctxt_switches:");

    private SwitchCountsParser() {
    }

    public static SwitchCounts parseSched(String text) {
        byte[] b = ProcText.bytes(text);
        return parseSched(b, b.length);
    }

    /** Parses {@code sched}; null when a switch counter is missing or malformed. */
    public static SwitchCounts parseSched(byte[] buf, int len) {
        long[] out = new long[3];
        return parseSched(buf, len, out) ? new SwitchCounts(out[0], out[1], out[2]) : null;
    }

    /**
     * The allocation-free form: writes voluntary, involuntary switches and migrations (-1 when absent) into
     * {@code out[0..2]}; false when a switch counter is missing or malformed.
     */
    public static boolean parseSched(byte[] buf, int len, long[] out) {
        long voluntary = -1;
        long involuntary = -1;
        long migrations = -1;
        for (int line = 0; line < len; line = ProcText.nextLine(buf, line, len)) {
            if (ProcText.startsWith(buf, line, len, SCHED_VOLUNTARY)) {
                voluntary = valueAfterColon(buf, line, len);
            } else if (ProcText.startsWith(buf, line, len, SCHED_INVOLUNTARY)) {
                involuntary = valueAfterColon(buf, line, len);
            } else if (ProcText.startsWith(buf, line, len, SCHED_MIGRATIONS)) {
                migrations = valueAfterColon(buf, line, len);
            }
            if (voluntary >= 0 && involuntary >= 0 && migrations >= 0) {
                break; // the rest of the file (load averages, NUMA) is not needed
            }
        }
        out[0] = voluntary;
        out[1] = involuntary;
        out[2] = migrations;
        return voluntary >= 0 && involuntary >= 0;
    }

    public static SwitchCounts parseStatus(String text) {
        byte[] b = ProcText.bytes(text);
        return parseStatus(b, b.length);
    }

    /** Parses {@code status}; null when a switch counter is missing or malformed. */
    public static SwitchCounts parseStatus(byte[] buf, int len) {
        long[] out = new long[3];
        return parseStatus(buf, len, out) ? new SwitchCounts(out[0], out[1], -1) : null;
    }

    /** The allocation-free form of {@link #parseStatus(byte[], int)}: as {@code parseSched}, migrations -1. */
    public static boolean parseStatus(byte[] buf, int len, long[] out) {
        long voluntary = -1;
        long involuntary = -1;
        for (int line = 0; line < len; line = ProcText.nextLine(buf, line, len)) {
            if (ProcText.startsWith(buf, line, len, STATUS_VOLUNTARY)) {
                voluntary = valueAt(buf, line + STATUS_VOLUNTARY.length, len);
            } else if (ProcText.startsWith(buf, line, len, STATUS_INVOLUNTARY)) {
                involuntary = valueAt(buf, line + STATUS_INVOLUNTARY.length, len);
            }
        }
        out[0] = voluntary;
        out[1] = involuntary;
        out[2] = -1;
        return voluntary >= 0 && involuntary >= 0;
    }

    private static long valueAfterColon(byte[] buf, int line, int len) {
        int i = line;
        while (i < len && buf[i] != ':' && buf[i] != '\n') {
            i++;
        }
        return i < len && buf[i] == ':' ? valueAt(buf, i + 1, len) : -1;
    }

    private static long valueAt(byte[] buf, int from, int len) {
        int start = ProcText.skipBlanks(buf, from, len);
        int end = ProcText.tokenEnd(buf, start, len);
        return ProcText.parseUnsigned(buf, start, end);
    }
}
