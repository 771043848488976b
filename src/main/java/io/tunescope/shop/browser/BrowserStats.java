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
 * complete inside the interval.
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

    BrowserStats(long measureStartNanos, long measureEndNanos) {
        this.measureStartNanos = measureStartNanos;
        this.measureEndNanos = measureEndNanos;
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
        if (measured(endNanos)) {
            proxyCacheHits += proxyHit ? 1 : 0;
            appCacheHits += appHit ? 1 : 0;
            long latency = Math.max(1_000, Math.min(HIGHEST_NANOS, endNanos - intendedStartNanos));
            latencies.get(interaction).recordValue(latency);
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
        double seconds = (measureEndNanos - measureStartNanos) / 1e9;
        long total = latencies.values().stream().mapToLong(Histogram::getTotalCount).sum();
        Map<Interaction, BrowserResult.Measured> per = new EnumMap<>(Interaction.class);
        for (var e : latencies.entrySet()) {
            Histogram h = e.getValue();
            long count = h.getTotalCount();
            per.put(e.getKey(), new BrowserResult.Measured(count, total == 0 ? 0 : 100.0 * count / total,
                    count == 0 ? 0 : h.getValueAtPercentile(90) / 1e6, count == 0 ? 0 : h.getMaxValue() / 1e6));
        }
        return new BrowserResult(seconds, total, total / seconds, per, Map.copyOf(errors), allCompleted, sessions,
                proxyCacheHits, appCacheHits);
    }
}
