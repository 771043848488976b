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
        int pos = 0;
        for (int k = 0; k < 3; k++) {
            pos = ProcText.skipBlanks(buf, pos, len);
            int end = ProcText.tokenEnd(buf, pos, len);
            values[k] = ProcText.parseUnsigned(buf, pos, end);
            if (values[k] < 0) {
                return null;
            }
            pos = end;
        }
        return new Schedstat(values[0], values[1], values[2]);
    }
}
