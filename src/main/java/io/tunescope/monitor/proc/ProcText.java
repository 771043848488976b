package io.tunescope.monitor.proc;

import java.nio.charset.StandardCharsets;

/**
 * Byte-level helpers for parsing /proc text without allocating strings: the sampler parses thousands of small files
 * per second, so the parsers work on the raw bytes of a reused buffer.
 */
final class ProcText {
    private ProcText() {
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** Index of the first byte after the run of spaces/tabs starting at {@code from}. */
    static int skipBlanks(byte[] buf, int from, int len) {
        int i = from;
        while (i < len && (buf[i] == ' ' || buf[i] == '\t')) {
            i++;
        }
        return i;
    }

    /** Index of the next space, tab or newline at or after {@code from} (or {@code len}). */
    static int tokenEnd(byte[] buf, int from, int len) {
        int i = from;
        while (i < len && buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\n') {
            i++;
        }
        return i;
    }

    /**
     * Parses an unsigned decimal integer in {@code [from, to)}; returns -1 when the range is empty, holds anything
     * but digits, or overflows a long.
     */
    static long parseUnsigned(byte[] buf, int from, int to) {
        if (from >= to) {
            return -1;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            int digit = buf[i] - '0';
            if (digit < 0 || digit > 9 || value > (Long.MAX_VALUE - digit) / 10) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    /** Index of the first byte of the line after the one containing {@code from}. */
    static int nextLine(byte[] buf, int from, int len) {
        int i = from;
        while (i < len && buf[i] != '\n') {
            i++;
        }
        return Math.min(len, i + 1);
    }

    static boolean startsWith(byte[] buf, int at, int len, byte[] prefix) {
        if (at + prefix.length > len) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (buf[at + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }
}
