package io.tunescope.shop.browser;

import io.tunescope.shop.Interaction;

import java.util.Map;

/**
 * The browsers' figures over the measurement interval: WIPS (completed web interactions per second), per
 * interaction its count, observed share, 90th percentile and maximum of the latency from the intended start, and
 * the errors by kind ({@code http-500}, {@code HttpTimeoutException}, ...); the sessions started over the run.
 */
public record BrowserResult(double measureSeconds, long completed, double wips,
                            Map<Interaction, Measured> perInteraction,
                            Map<String, Long> errorsByKind, long completedInAllPhases,
                            long sessions) {
    public record Measured(long count, double sharePercent, double p90Millis, double maxMillis) {
    }

    public long errors() {
        return errorsByKind.values().stream().mapToLong(Long::longValue).sum();
    }
}
