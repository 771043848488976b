package io.tunescope.workload.tpch;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Compares a query result with its {@link ReferenceAnswer}. Numbers match within the precision the reference was
 * written with (half a unit in its last printed digit) or one part in 10^8, whichever is larger; text matches after
 * trailing blanks are dropped. Row order is compared only as far as the query's ORDER BY fixes it: rows whose sort
 * keys tie may come in any order.
 */
public final class ResultValidator {
    private static final BigDecimal RELATIVE_TOLERANCE = new BigDecimal("1e-8");
    /** Output columns (0-based) of each query's ORDER BY, in order; empty for single-row queries. */
    private static final int[][] ORDER_KEYS = {
            {0, 1}, {0, 2, 1, 3}, {1, 2}, {0}, {1}, {}, {0, 1, 2}, {0}, {0, 1}, {2}, {1},
            {0}, {1, 0}, {}, {0}, {3, 0, 1, 2}, {}, {4, 3}, {}, {0}, {1, 0}, {0}};

    private ResultValidator() {
    }

    /** The outcome: ok, or the first difference found, in words. */
    public record Verdict(boolean ok, String detail) {
        static Verdict pass() {
            return new Verdict(true, "matches the reference answer");
        }

        static Verdict fail(String detail) {
            return new Verdict(false, detail);
        }
    }

    public static Verdict validate(int query, List<List<String>> actual) {
        return compare(ReferenceAnswer.forQuery(query).rows(), actual, ORDER_KEYS[query - 1]);
    }

    static Verdict compare(List<List<String>> expected, List<List<String>> actual, int[] orderKeys) {
        if (expected.size() != actual.size()) {
            return Verdict.fail("expected " + expected.size() + " rows, got " + actual.size());
        }
        int runStart = 0;
        while (runStart < expected.size()) {
            int runEnd = runStart + 1;
            while (runEnd < expected.size() && sameKeys(expected.get(runStart), expected.get(runEnd), orderKeys)) {
                runEnd++;
            }
            Verdict run = compareRun(expected, actual, runStart, runEnd, orderKeys);
            if (!run.ok()) {
                return run;
            }
            runStart = runEnd;
        }
        return Verdict.pass();
    }

    private static Verdict compareRun(List<List<String>> expected, List<List<String>> actual, int from, int to,
                                      int[] orderKeys) {
        List<List<String>> unmatched = new ArrayList<>(actual.subList(from, to));
        for (int i = from; i < to; i++) {
            List<String> want = expected.get(i);
            int found = -1;
            for (int j = 0; j < unmatched.size() && found < 0; j++) {
                if (sameRow(want, unmatched.get(j))) {
                    found = j;
                }
            }
            if (found < 0) {
                List<String> got = orderKeys.length == 0 || i - from >= unmatched.size() ? actual.get(i) : unmatched.get(0);
                return Verdict.fail("row " + (i + 1) + ": expected " + want + ", got " + got);
            }
            unmatched.remove(found);
        }
        return Verdict.pass();
    }

    private static boolean sameKeys(List<String> a, List<String> b, int[] keys) {
        if (keys.length == 0) {
            return false;
        }
        for (int key : keys) {
            if (!sameCell(a.get(key), b.get(key))) {
                return false;
            }
        }
        return true;
    }

    static boolean sameRow(List<String> expected, List<String> actual) {
        if (expected.size() != actual.size()) {
            return false;
        }
        for (int i = 0; i < expected.size(); i++) {
            if (!sameCell(expected.get(i), actual.get(i))) {
                return false;
            }
        }
        return true;
    }

    static boolean sameCell(String expected, String actual) {
        if (expected == null || actual == null) {
            return Objects.equals(expected, actual);
        }
        BigDecimal want = number(expected);
        BigDecimal got = want == null ? null : number(actual);
        if (want != null && got != null) {
            BigDecimal printed = BigDecimal.ONE.movePointLeft(Math.max(want.scale(), 0)).divide(BigDecimal.valueOf(2));
            BigDecimal relative = want.abs().multiply(RELATIVE_TOLERANCE);
            return want.subtract(got).abs().compareTo(printed.max(relative)) <= 0;
        }
        return expected.stripTrailing().equals(actual.stripTrailing());
    }

    private static BigDecimal number(String text) {
        String t = text.strip();
        if (t.isEmpty() || !(Character.isDigit(t.charAt(0)) || t.charAt(0) == '-' || t.charAt(0) == '.')) {
            return null;
        }
        try {
            return new BigDecimal(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
