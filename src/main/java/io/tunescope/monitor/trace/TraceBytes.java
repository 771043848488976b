package io.tunescope.monitor.trace;

/** Byte-range helpers of {@link SchedTraceParser}: ASCII digits, spaces and keys in {@code buf[from, to)}. */
final class TraceBytes {
    private TraceBytes() {
    }

    static long number(byte[] buf, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            v = v * 10 + (buf[i] - '0');
        }
        return v;
    }

    static int digitsEnd(byte[] buf, int from, int to) {
        int i = from;
        while (i < to && buf[i] >= '0' && buf[i] <= '9') {
            i++;
        }
        return i;
    }

    static int spacesEnd(byte[] buf, int from, int to) {
        int i = from;
        while (i < to && (buf[i] == ' ' || buf[i] == '\t')) {
            i++;
        }
        return i;
    }

    static boolean startsWith(byte[] buf, int from, int to, byte[] prefix) {
        if (to - from < prefix.length) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (buf[from + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    static boolean same(byte[] buf, int from, int to, String text) {
        if (to - from != text.length()) {
            return false;
        }
        for (int k = 0; k < text.length(); k++) {
            if (buf[from + k] != text.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    static int indexOf(byte[] buf, int from, int to, byte[] key) {
        for (int i = from; i <= to - key.length; i++) {
            if (startsWith(buf, i, to, key)) {
                return i;
            }
        }
        return -1;
    }

    static int lastIndexOf(byte[] buf, int from, int to, byte[] key) {
        for (int i = to - key.length; i >= from; i--) {
            if (startsWith(buf, i, to, key)) {
                return i;
            }
        }
        return -1;
    }
}
