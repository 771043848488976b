package io.tunescope.shop.browser;

import io.tunescope.shop.Interaction;
import org.HdrHistogram.Histogram;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * What the browsers saw in the measurement interval: per interaction the completed count and a latency histogram
 * (each latency from the request's intended start, so time spent queued anywhere, the driver included, counts),
 * the errors by kind, and the answers that came from the proxy's or the node's cache. Interactions count when they
 * complete inside the interval. With a change of mix at {@code changeNanos}, each phase's completions and order
 * interactions are counted apart; every success, measured or not, also goes to the {@link CompletionCounter} if any.
 */
final class BrowserStats {
    private static final long HIGHEST_NANOS = TimeUnit.MINUTES.toNanos(10);

    private final long measureStartNanos;
    private final long measureEndNanos;
    private final Map<Interaction, Histogram> latencies = new EnumMap<>(Interaction.class);
    private final Map<String, Long> errors = new TreeMap<>();
    private long allCompleted;
    private long sessions;
    private long proxyCacheHits;
    private long appCacheHits;
    private final long changeNanos;
    private final String[] phaseMixes;
    private final long[] phaseCompleted = new long[2];
    private final long[] phaseOrders = new long[2];
    private final CompletionCounter counter;
    private final Histogram imageLatencies = new Histogram(1_000, HIGHEST_NANOS, 3);
    private long requests;
    private long hitRequests;
    private long bytes;
    private long hitBytes;
    private long imageErrors;
    private long imageBytes;

    BrowserStats(long measureStartNanos, long measureEndNanos) {
        this(measureStartNanos, measureEndNanos, Long.MAX_VALUE, null, null, null);
    }

    /**
     * @param changeNanos when the mix changes ({@code Long.MAX_VALUE}: never), from {@code before} to {@code after}
     * @param counter     told of every success (null: none)
     */
    BrowserStats(long measureStartNanos, long measureEndNanos, long changeNanos, String before, String after,
                 CompletionCounter counter) {
        this.measureStartNanos = measureStartNanos;
        this.measureEndNanos = measureEndNanos;
        this.changeNanos = changeNanos;
        this.phaseMixes = new String[] {before, after};
        this.counter = counter;
        for (Interaction i : Interaction.values()) {
            latencies.put(i, new Histogram(1_000, HIGHEST_NANOS, 3));
        }
    }

    private boolean measured(long endNanos) {
        return endNanos >= measureStartNanos && endNanos < measureEndNanos;
    }

    /** A page answered; {@code proxyHit}/{@code appHit}: the proxy's or the node's cache answered it. */
    synchronized void success(Interaction interaction, long intendedStartNanos, long endNanos, boolean proxyHit,
                              boolean appHit) {
        allCompleted++;
        if (counter != null) {
            counter.completed(interaction, endNanos);
        }
        if (measured(endNanos)) {
            int phase = endNanos < changeNanos ? 0 : 1;
            phaseCompleted[phase]++;
            phaseOrders[phase] += interaction.browse() ? 0 : 1;
            proxyCacheHits += proxyHit ? 1 : 0;
            appCacheHits += appHit ? 1 : 0;
            long latency = Math.max(1_000, Math.min(HIGHEST_NANOS, endNanos - intendedStartNanos));
            latencies.get(interaction).recordValue(latency);
        }
    }

    /** Any answer with a body (a page or an image): what the proxy sent, and whether its cache did. */
    synchronized void answer(long endNanos, long bodyBytes, boolean proxyHit) {
        if (measured(endNanos)) {
            requests++;
            bytes += bodyBytes;
            hitRequests += proxyHit ? 1 : 0;
            hitBytes += proxyHit ? bodyBytes : 0;
        }
    }

    /** An image received, timed from its own request's start (images are timed apart from interactions). */
    synchronized void image(long startNanos, long endNanos, long bodyBytes) {
        if (measured(endNanos)) {
            imageBytes += bodyBytes;
            imageLatencies.recordValue(Math.max(1_000, Math.min(HIGHEST_NANOS, endNanos - startNanos)));
        }
    }

    /** An image that failed: counted with the errors as {@code image-<kind>}, and apart. */
    synchronized void imageFailure(String kind, long endNanos) {
        if (measured(endNanos)) {
            imageErrors++;
            errors.merge("image-" + kind, 1L, Long::sum);
        }
    }

    synchronized void sessionStarted() {
        sessions++;
    }

    synchronized void failure(String kind, long endNanos) {
        if (measured(endNanos)) {
            errors.merge(kind, 1L, Long::sum);
        }
    }

    synchronized BrowserResult result() {
        return resultUpTo(measureEndNanos);
    }

    /**
     * The figures of the measurement interval cut at {@code nowNanos} (a run stopped early by a signal): rates are
     * over the part measured, none when measurement had not begun.
     */
    synchronized BrowserResult resultUpTo(long nowNanos) {
        long endNanos = Math.max(measureStartNanos, Math.min(nowNanos, measureEndNanos));
        double seconds = (endNanos - measureStartNanos) / 1e9;
        long total = latencies.values().stream().mapToLong(Histogram::getTotalCount).sum();
        Map<Interaction, BrowserResult.Measured> per = new EnumMap<>(Interaction.class);
        for (var e : latencies.entrySet()) {
            Histogram h = e.getValue();
            long count = h.getTotalCount();
            per.put(e.getKey(), new BrowserResult.Measured(count, total == 0 ? 0 : 100.0 * count / total,
                    count == 0 ? 0 : h.getValueAtPercentile(90) / 1e6, count == 0 ? 0 : h.getMaxValue() / 1e6));
        }
        return new BrowserResult(seconds, total, seconds <= 0 ? 0 : total / seconds, per, Map.copyOf(errors),
                allCompleted, sessions, proxyCacheHits, appCacheHits, phases(endNanos), traffic());
    }

    private Traffic traffic() {
        long images = imageLatencies.getTotalCount();
        return new Traffic(requests, hitRequests, bytes, hitBytes, images, imageErrors, imageBytes,
                images == 0 ? 0 : imageLatencies.getValueAtPercentile(90) / 1e6,
                images == 0 ? 0 : imageLatencies.getMaxValue() / 1e6);
    }

    private java.util.List<BrowserResult.Phase> phases(long endNanos) {
        if (changeNanos == Long.MAX_VALUE) {
            return java.util.List.of();
        }
        long[] bounds = {measureStartNanos, Math.min(changeNanos, endNanos), endNanos};
        java.util.List<BrowserResult.Phase> out = new java.util.ArrayList<>();
        for (int p = 0; p < 2; p++) {
            double seconds = (bounds[p + 1] - bounds[p]) / 1e9;
            long n = phaseCompleted[p];
            out.add(new BrowserResult.Phase(phaseMixes[p], (bounds[p] - measureStartNanos) / 1e9, seconds, n,
                    seconds <= 0 ? 0 : n / seconds, n == 0 ? 0 : 100.0 * phaseOrders[p] / n));
        }
        return out;
    }
}
