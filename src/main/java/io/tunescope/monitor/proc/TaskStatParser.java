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
    /** The longest name the kernel writes between the parentheses (a workqueue worker's, 63 bytes; a thread's 15). */
    private static final int COMM_MAX_BYTES = 64;

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
        if (open < 0) {
            return false;
        }
        // the comm is at most COMM_MAX_BYTES long, so its closing parenthesis is found without scanning the numbers
        int close = lastIndexOf(buf, Math.min(len, open + COMM_MAX_BYTES + 2), (byte) ')');
        if (close > open && parseKernelLayout(buf, close, len, out)) {
            return true;
        }
        close = lastIndexOf(buf, len, (byte) ')');
        if (close < open || close + 2 >= len) {
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
     * The hot path for the text as the kernel writes it (fields after the comm separated by exactly one space): each
     * field skipped with one comparison per byte. False for any other layout, which the general path then parses.
     */
    private static boolean parseKernelLayout(byte[] buf, int close, int len, long[] out) {
        int statePos = close + 2;
        if (statePos + 1 >= len || buf[close + 1] != ' ' || buf[statePos + 1] != ' '
                || !Character.isLetter((char) buf[statePos])) {
            return false;
        }
        int utimeAt = skipFields(buf, statePos, len, UTIME_TOKEN);
        long utime = digitsBeforeSpace(buf, utimeAt, len);
        int stimeAt = skipFields(buf, utimeAt, len, 1);
        long stime = digitsBeforeSpace(buf, stimeAt, len);
        int coreAt = skipFields(buf, stimeAt, len, PROCESSOR_TOKEN - STIME_TOKEN);
        long core = digitsBeforeSpace(buf, coreAt, len);
        if (utime < 0 || stime < 0 || core < 0 || core > Short.MAX_VALUE) {
            return false;
        }
        out[STATE] = buf[statePos];
        out[UTIME] = utime;
        out[STIME] = stime;
        out[CORE] = core;
        return true;
    }

    /** The start of the field {@code fields} spaces after {@code from}, or {@code len} when the text ends first. */
    private static int skipFields(byte[] buf, int from, int len, int fields) {
        int left = fields;
        for (int i = from; i < len; i++) {
            if (buf[i] == ' ' && --left == 0) {
                return i + 1;
            }
        }
        return len;
    }

    /** The unsigned number at {@code from} ending at a space or newline (at most 18 digits), or -1. */
    private static long digitsBeforeSpace(byte[] buf, int from, int len) {
        long value = 0;
        int i = from;
        for (; i < len && i - from < 19; i++) {
            int digit = buf[i] - '0';
            if (digit < 0 || digit > 9) {
                break;
            }
            value = value * 10 + digit;
        }
        boolean ended = i < len && (buf[i] == ' ' || buf[i] == '\n');
        return i > from && i - from < 19 && ended ? value : -1;
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
