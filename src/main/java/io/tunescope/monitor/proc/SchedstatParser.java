package io.tunescope.monitor.proc;

/**
 * Parses {@code /proc/<pid>/task/<tid>/schedstat}: "on-CPU nanoseconds, run-queue wait nanoseconds, timeslices".
 */
public final class SchedstatParser {
    private SchedstatParser() {
    }

    /** Parsed values; {@code null} when malformed. */
    public record Schedstat(long onCpuNanos, long runDelayNanos, long timeslices) {
    }

    public static Schedstat parse(String text) {
        byte[] b = ProcText.bytes(text);
        return parse(b, b.length);
    }

    public static Schedstat parse(byte[] buf, int len) {
        long[] values = new long[3];
        return parse(buf, len, values) ? new Schedstat(values[0], values[1], values[2]) : null;
    }

    /**
     * The allocation-free form: writes on-CPU nanoseconds, run-queue wait nanoseconds and timeslices into
     * {@code out[0..2]}; false when malformed.
     */
    public static boolean parse(byte[] buf, int len, long[] out) {
        int pos = 0;
        for (int k = 0; k < 3; k++) {
            pos = ProcText.skipBlanks(buf, pos, len);
            int end = ProcText.tokenEnd(buf, pos, len);
            out[k] = ProcText.parseUnsigned(buf, pos, end);
            if (out[k] < 0) {
                return false;
            }
            pos = end;
        }
        return true;
    }
}
