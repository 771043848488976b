package io.tunescope.monitor.proc;

/** Parses {@code /proc/stat} (proc(5)) into {@link SystemStat}. */
public final class SystemStatParser {
    private static final byte[] CPU = ProcText.bytes("cpu ");
    private static final byte[] CTXT = ProcText.bytes("ctxt ");
    /** Column order of the cpu line: user nice system idle iowait irq softirq steal guest guest_nice. */
    private static final boolean[] BUSY = {true, true, true, false, false, true, true, true};

    private SystemStatParser() {
    }

    public static SystemStat parse(String text) {
        byte[] b = ProcText.bytes(text);
        return parse(b, b.length);
    }

    /** Null when the cpu line or ctxt is missing or malformed. */
    public static SystemStat parse(byte[] buf, int len) {
        long busy = -1;
        long idle = -1;
        long ctxt = -1;
        for (int line = 0; line < len; line = ProcText.nextLine(buf, line, len)) {
            if (ProcText.startsWith(buf, line, len, CPU)) {
                long[] split = cpuLine(buf, line + CPU.length, len);
                if (split == null) {
                    return null;
                }
                busy = split[0];
                idle = split[1];
            } else if (ProcText.startsWith(buf, line, len, CTXT)) {
                int start = ProcText.skipBlanks(buf, line + CTXT.length, len);
                ctxt = ProcText.parseUnsigned(buf, start, ProcText.tokenEnd(buf, start, len));
            }
        }
        return busy < 0 || ctxt < 0 ? null : new SystemStat(ctxt, busy, idle);
    }

    private static long[] cpuLine(byte[] buf, int from, int len) {
        long busy = 0;
        long idle = 0;
        int pos = from;
        int columns = 0;
        while (columns < BUSY.length) {
            pos = ProcText.skipBlanks(buf, pos, len);
            if (pos >= len || buf[pos] == '\n') {
                break;
            }
            int end = ProcText.tokenEnd(buf, pos, len);
            long v = ProcText.parseUnsigned(buf, pos, end);
            if (v < 0) {
                return null;
            }
            if (BUSY[columns]) {
                busy += v;
            } else {
                idle += v;
            }
            columns++;
            pos = end;
        }
        return columns < 4 ? null : new long[] {busy, idle};
    }
}
