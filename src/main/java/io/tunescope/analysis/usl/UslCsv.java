package io.tunescope.analysis.usl;

import io.tunescope.BadInputException;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code concurrency,throughput} CSV text (header optional, blank lines and {@code #} comments skipped) into
 * points. Pure: the caller reads the file. At least {@link #MIN_POINTS} points, every cell a finite number.
 */
public final class UslCsv {
    public static final int MIN_POINTS = 6;

    private UslCsv() {
    }

    public static List<UslPoint> parse(String text) {
        List<UslPoint> points = new ArrayList<>();
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split("[,;\\t]", -1);
            if (points.isEmpty() && i == firstContentLine(lines) && isHeader(cells)) {
                continue;
            }
            if (cells.length != 2) {
                throw BadInputException.of("line " + (i + 1), line, "must have 2 cells: concurrency,throughput");
            }
            double concurrency = number(cells[0], i, "concurrency");
            double throughput = number(cells[1], i, "throughput");
            if (!(concurrency > 0)) {
                throw BadInputException.of("concurrency on line " + (i + 1), cells[0].strip(), "must be above 0");
            }
            if (throughput < 0) {
                throw BadInputException.of("throughput on line " + (i + 1), cells[1].strip(), "must be at least 0");
            }
            points.add(new UslPoint(concurrency, throughput));
        }
        if (points.size() < MIN_POINTS) {
            throw BadInputException.of("points", points.size(), "must be at least " + MIN_POINTS + " for a USL fit");
        }
        return points;
    }

    private static int firstContentLine(String[] lines) {
        for (int i = 0; i < lines.length; i++) {
            String s = lines[i].strip();
            if (!s.isEmpty() && !s.startsWith("#")) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isHeader(String[] cells) {
        for (String c : cells) {
            if (isNumber(c.strip())) {
                return false;
            }
        }
        return true;
    }

    private static double number(String cell, int lineIndex, String column) {
        String s = cell.strip();
        if (!isNumber(s)) {
            throw BadInputException.of(column + " on line " + (lineIndex + 1), s, "must be a finite number");
        }
        return Double.parseDouble(s);
    }

    private static boolean isNumber(String s) {
        try {
            return !s.isEmpty() && Double.isFinite(Double.parseDouble(s)) && !s.matches("(?i).*[a-df-z].*");
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
