package io.tunescope.monitor.proc;

import java.nio.charset.StandardCharsets;

/**
 * Parses {@code /proc/<pid>/task/<tid>/stat} (proc(5)). The command name sits in parentheses and may itself contain
 * spaces and parentheses, so fields are counted from the <em>last</em> closing parenthesis.
 */
public final class TaskStatParser {
    /** Token index after the comm: token 0 is field 3 (state). */
    private static final int UTIME_TOKEN = 14 - 3;
    private static final int STIME_TOKEN = 15 - 3;
    private static final int PROCESSOR_TOKEN = 39 - 3;

    private TaskStatParser() {
    }

    public static TaskStat parse(String text) {
        byte[] b = ProcText.bytes(text);
        return parse(b, b.length, true);
    }

    /** Slots of {@link #parse(byte[], int, long[])}'s output array. */
    public static final int STATE = 0;
    public static final int UTIME = 1;
    public static final int STIME = 2;
    public static final int CORE = 3;
    public static final int FIELDS = 4;

    /**
     * Parses the first {@code len} bytes of {@code buf}; returns null when the text is malformed.
     *
     * @param withComm whether to decode the command name (the sampler only needs it on discovery)
     */
    public static TaskStat parse(byte[] buf, int len, boolean withComm) {
        long[] f = new long[FIELDS];
        if (!parse(buf, len, f)) {
            return null;
        }
        int open = indexOf(buf, len, (byte) '(');
        int close = lastIndexOf(buf, len, (byte) ')');
        String comm = withComm ? new String(buf, open + 1, close - open - 1, StandardCharsets.UTF_8) : null;
        return new TaskStat(comm, (char) f[STATE], f[UTIME], f[STIME], (int) f[CORE]);
    }

    /**
     * The allocation-free form for the sampler's hot path: writes state (as a char code), utime, stime and core into
     * {@code out[STATE..CORE]} and returns true, or returns false (leaving {@code out} partly written) when the text
     * is malformed. Depends on nothing but its arguments.
     */
    public static boolean parse(byte[] buf, int len, long[] out) {
        int open = indexOf(buf, len, (byte) '(');
        int close = lastIndexOf(buf, len, (byte) ')');
        if (open < 0 || close < open || close + 2 >= len) {
            return false;
        }
        char state = (char) buf[close + 2];
        long utime = -1;
        long stime = -1;
        long core = -1;
        int pos = close + 2;
        for (int token = 0; token <= PROCESSOR_TOKEN; token++) {
            pos = ProcText.skipBlanks(buf, pos, len);
            if (pos >= len || buf[pos] == '\n') {
                return false;
            }
            int end = ProcText.tokenEnd(buf, pos, len);
            if (token == UTIME_TOKEN) {
                utime = ProcText.parseUnsigned(buf, pos, end);
            } else if (token == STIME_TOKEN) {
                stime = ProcText.parseUnsigned(buf, pos, end);
            } else if (token == PROCESSOR_TOKEN) {
                core = ProcText.parseUnsigned(buf, pos, end);
            }
            pos = end;
        }
        if (utime < 0 || stime < 0 || core < 0 || core > Short.MAX_VALUE || !Character.isLetter(state)) {
            return false;
        }
        out[STATE] = state;
        out[UTIME] = utime;
        out[STIME] = stime;
        out[CORE] = core;
        return true;
    }

    /**
     * Field {@code number} (1-based, as in proc(5); 3 or later) of a stat line as an unsigned number, or -1 when the
     * text is malformed or the field is not a number: e.g. 20, {@code num_threads} of {@code /proc/<pid>/stat}.
     */
    public static long field(byte[] buf, int len, int number) {
        int close = lastIndexOf(buf, len, (byte) ')');
        if (number < 3 || close < 0) {
            return -1;
        }
        int pos = close + 1;
        for (int token = 0; token <= number - 3; token++) {
            pos = ProcText.skipBlanks(buf, pos, len);
            if (pos >= len || buf[pos] == '\n') {
                return -1;
            }
            int end = ProcText.tokenEnd(buf, pos, len);
            if (token == number - 3) {
                return ProcText.parseUnsigned(buf, pos, end);
            }
            pos = end;
        }
        return -1;
    }

    private static int indexOf(byte[] buf, int len, byte b) {
        for (int i = 0; i < len; i++) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static int lastIndexOf(byte[] buf, int len, byte b) {
        for (int i = len - 1; i >= 0; i--) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
