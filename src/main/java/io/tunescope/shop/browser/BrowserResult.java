package io.tunescope.shop.browser;

import io.tunescope.shop.Interaction;

import java.util.Map;

/**
 * The browsers' figures over the measurement interval: WIPS (completed web interactions per second), per
 * interaction its count, observed share, 90th percentile and maximum of the latency from the intended start, and
 * the errors by kind ({@code http-500}, {@code HttpTimeoutException}, ...); the sessions started over the run; the
 * interactions in the interval that the proxy's cache answered ({@code X-Proxy-Cache: HIT}) and those that a node's
 * own cache answered ({@code X-App-Cache: hit}).
 */
public record BrowserResult(double measureSeconds, long completed, double wips,
                            Map<Interaction, Measured> perInteraction,
                            Map<String, Long> errorsByKind, long completedInAllPhases,
                            long sessions, long proxyCacheHits, long appCacheHits) {
    public record Measured(long count, double sharePercent, double p90Millis, double maxMillis) {
    }

    public long errors() {
        return errorsByKind.values().stream().mapToLong(Long::longValue).sum();
    }
}
