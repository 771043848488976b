package io.tunescope.shop.app;

import io.tunescope.BadInputException;

import java.util.Locale;

/**
 * The catalog of an application node's knobs, the one place each is declared: its name (the tuning name; the
 * {@code shop} option is {@code --} and the name with hyphens), default, range, unit and what it does. The
 * {@code shop} options, the tuning catalog ({@code ShopCatalogs.app()}), the command line that reproduces a
 * configuration and the node's own arguments ({@link AppKnobs#toArgs()}) are all derived from it.
 */
public enum AppKnob {
    MIN_THREADS("app_min_threads", 8, 1, 1_024, null, null, "least Jetty worker threads"),
    /** At least 8: Jetty needs a few threads for its acceptor and selector before any serves a request. */
    MAX_THREADS("app_max_threads", 64, 8, 1_024, null, null, "most Jetty worker threads"),
    ACCEPT_QUEUE("app_accept_queue", 128, 0, 65_535, null, null, "the listening socket's backlog"),
    POOL_SIZE("app_pool_size", 16, 1, 1_024, null, null, "database connections per node"),
    CACHE_ENTRIES("app_cache_entries", 0, 0, 1_000_000, null, "no cache", "pages in each node's own cache (Home, "
            + "New Products, Best Sellers, Product Detail, Search Request/Results); 0: none"),
    CACHE_TTL_MILLIS("app_cache_ttl_ms", 5_000, 1, 3_600_000, "ms", null, "how long a page stays in that cache"),
    PAGE_MAX_AGE_SECONDS("app_page_max_age", 5, 0, 3_600, "s", "never cached", "the max-age (Cache-Control) of "
            + "those pages for the proxy; 0: never cached");

    private final String knobName;
    private final int defaultValue;
    private final int min;
    private final int max;
    private final String unit;
    private final String zeroMeans;
    private final String text;

    AppKnob(String knobName, int defaultValue, int min, int max, String unit, String zeroMeans, String text) {
        this.knobName = knobName;
        this.defaultValue = defaultValue;
        this.min = min;
        this.max = max;
        this.unit = unit;
        this.zeroMeans = zeroMeans;
        this.text = text;
    }

    /** The tuning name, as in a tuning file's {@code parameters:} and the node's arguments. */
    public String knobName() {
        return knobName;
    }

    /** The {@code shop} option: {@code --app-pool-size} for {@code app_pool_size}. */
    public String option() {
        return "--" + knobName.replace('_', '-');
    }

    public int defaultValue() {
        return defaultValue;
    }

    public int min() {
        return min;
    }

    public int max() {
        return max;
    }

    /** The unit of the value ({@code ms}, {@code s}), or null for a count. */
    public String unit() {
        return unit;
    }

    public String text() {
        return text;
    }

    /** Bad input unless {@code value} lies in this knob's range. */
    void check(int value) {
        if (value < min || value > max) {
            String low = zeroMeans != null && min == 0 ? "0 (" + zeroMeans + ")" : Integer.toString(min);
            throw BadInputException.of(option().substring(2), value, "must be from " + low + " to " + max
                    + (unit == null ? "" : " " + unit));
        }
    }

    /** The knob called {@code name} (its tuning name), or bad input. */
    public static AppKnob of(String name) {
        for (AppKnob k : values()) {
            if (k.knobName.equals(name)) {
                return k;
            }
        }
        throw BadInputException.of("app knob", name, "must be one of " + String.join(", ",
                java.util.Arrays.stream(values()).map(AppKnob::knobName).toList()).toLowerCase(Locale.ROOT));
    }
}
