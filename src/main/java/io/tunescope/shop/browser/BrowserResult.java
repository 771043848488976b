package io.tunescope.shop.browser;

import io.tunescope.shop.Interaction;

import java.util.List;
import java.util.Map;

/**
 * The browsers' figures over the measurement interval: WIPS (completed web interactions per second), per
 * interaction its count, observed share, 90th percentile and maximum of the latency from the intended start, and
 * the errors by kind ({@code http-500}, {@code HttpTimeoutException}, ...); the sessions started over the run; the
 * interactions in the interval that the proxy's cache answered ({@code X-Proxy-Cache: HIT}) and those that a node's
 * own cache answered ({@code X-App-Cache: hit}); with a change of mix, the measurement interval's two phases
 * (empty without one); every answer, pages and images, by request and byte ({@link Traffic}).
 */
public record BrowserResult(double measureSeconds, long completed, double wips,
                            Map<Interaction, Measured> perInteraction,
                            Map<String, Long> errorsByKind, long completedInAllPhases,
                            long sessions, long proxyCacheHits, long appCacheHits, List<Phase> phases,
                            Traffic traffic) {
    public BrowserResult {
        phases = phases == null ? List.of() : List.copyOf(phases);
        traffic = traffic == null ? Traffic.NONE : traffic;
    }

    /** Without the traffic's figures (pages and images by request and byte). */
    public BrowserResult(double measureSeconds, long completed, double wips, Map<Interaction, Measured> perInteraction,
                         Map<String, Long> errorsByKind, long completedInAllPhases, long sessions, long proxyCacheHits,
                         long appCacheHits, List<Phase> phases) {
        this(measureSeconds, completed, wips, perInteraction, errorsByKind, completedInAllPhases, sessions,
                proxyCacheHits, appCacheHits, phases, Traffic.NONE);
    }

    public record Measured(long count, double sharePercent, double p90Millis, double maxMillis) {
    }

    /**
     * One phase of the measurement interval under one mix: its start (seconds after the interval's start), its
     * length, the interactions completed in it, their rate and the share of order interactions among them.
     */
    public record Phase(String mix, double startSeconds, double seconds, long completed, double wips,
                        double orderSharePercent) {
    }

    public long errors() {
        return errorsByKind.values().stream().mapToLong(Long::longValue).sum();
    }
}
