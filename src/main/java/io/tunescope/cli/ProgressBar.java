package io.tunescope.cli;

import io.tunescope.Progress;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * A one-line terminal progress bar with rate and ETA, redrawn at most every 200 ms. Thread-safe; writes to stderr
 * so stdout stays machine-readable. When stderr is not a terminal it prints a plain line every 10 percent instead.
 */
final class ProgressBar implements Progress.Task {
    /** Renders every task as its own bar on stderr. */
    static final Progress ON_STDERR = ProgressBar::new;

    private static final long REDRAW_NANOS = 200_000_000L;
    private static final int WIDTH = 30;

    private final String label;
    private final long total;
    private final String unit;
    private final PrintStream out;
    private final boolean interactive;
    private final long startNanos = System.nanoTime();
    private long doneUnits;
    private long lastDrawNanos;
    private int lastDecile = -1;
    private String note;

    ProgressBar(String label, long total, String unit) {
        this(label, total, unit, System.err, System.console() != null);
    }

    ProgressBar(String label, long total, String unit, PrintStream out, boolean interactive) {
        this.label = label;
        this.total = Math.max(1, total);
        this.unit = unit;
        this.out = out;
        this.interactive = interactive;
    }

    @Override
    public synchronized void step(long amount) {
        doneUnits = Math.min(total, doneUnits + amount);
        long now = System.nanoTime();
        if (interactive) {
            if (now - lastDrawNanos >= REDRAW_NANOS || doneUnits == total) {
                lastDrawNanos = now;
                out.print("\r" + line(now));
                out.flush();
            }
        } else {
            int decile = (int) (doneUnits * 10 / total);
            if (decile != lastDecile) {
                lastDecile = decile;
                out.println(line(now));
            }
        }
    }

    @Override
    public synchronized void note(String text) {
        note = text;
    }

    String line(long nowNanos) {
        double fraction = (double) doneUnits / total;
        int filled = (int) Math.round(fraction * WIDTH);
        double elapsedSec = (nowNanos - startNanos) / 1e9;
        double rate = elapsedSec > 0 ? doneUnits / elapsedSec : 0;
        String eta = rate > 0 && doneUnits < total
                ? formatDuration(Duration.ofMillis((long) ((total - doneUnits) / rate * 1000))) : "-";
        return String.format(Locale.ROOT, "%-18s [%s%s] %3.0f%% %,d/%,d %s  %.1f %s/s  elapsed %s  eta %s",
                label, "#".repeat(filled), ".".repeat(WIDTH - filled), fraction * 100, doneUnits, total, unit, rate,
                unit, formatDuration(Duration.ofMillis((long) (elapsedSec * 1000))), eta)
                + (note == null ? "" : "  " + note);
    }

    static String formatDuration(Duration d) {
        long s = d.toSeconds();
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    @Override
    public synchronized void done() {
        if (interactive) {
            out.println();
        }
    }
}
