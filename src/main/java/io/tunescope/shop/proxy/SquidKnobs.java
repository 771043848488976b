package io.tunescope.shop.proxy;

import io.tunescope.BadInputException;

/**
 * Squid's tunable settings in front of the store, the ones the Active Harmony paper tuned that Squid still has
 * (squid.conf.documented, Squid 5): the memory cache's size ({@code cache_mem}), the largest object kept in memory
 * ({@code maximum_object_size_in_memory}), the largest and smallest object cached at all ({@code
 * maximum_object_size}, {@code minimum_object_size}), the disk cache's size ({@code cache_dir}; 0: memory only) and
 * its low and high water marks in percent ({@code cache_swap_low}, {@code cache_swap_high}). Squid applies every one
 * of them on a reconfigure, except the disk cache's size, which needs a restart.
 */
public record SquidKnobs(int cacheMemMiB, int maxObjectInMemoryKiB, int maximumObjectKiB, int minimumObjectKiB,
                         int diskCacheMiB, int swapLowPercent, int swapHighPercent) {
    public static final SquidKnobs DEFAULTS = new SquidKnobs(64, 512, 4096, 0, 0, 90, 95);

    public SquidKnobs {
        check("squid-cache-mem", cacheMemMiB, 0, 65_536, "MiB (0: nothing cached)");
        check("squid-max-object-in-memory", maxObjectInMemoryKiB, 1, 1_048_576, "KiB");
        check("squid-maximum-object", maximumObjectKiB, 1, 4_194_304, "KiB");
        check("squid-minimum-object", minimumObjectKiB, 0, 1_048_576, "KiB");
        check("squid-disk-cache", diskCacheMiB, 0, 1_048_576, "MiB (0: memory only)");
        check("squid-swap-low", swapLowPercent, 1, 100, "%");
        check("squid-swap-high", swapHighPercent, 1, 100, "%");
        if (minimumObjectKiB > maximumObjectKiB) {
            throw BadInputException.of("squid-minimum-object", minimumObjectKiB, "must be at most squid-maximum-object ("
                    + maximumObjectKiB + " KiB)");
        }
        if (swapLowPercent > swapHighPercent) {
            throw BadInputException.of("squid-swap-low", swapLowPercent, "must be at most squid-swap-high ("
                    + swapHighPercent + " %)");
        }
    }

    private static void check(String field, int value, int min, int max, String unit) {
        if (value < min || value > max) {
            throw BadInputException.of(field, value, "must be from " + min + " to " + max + " " + unit);
        }
    }

    /**
     * The stack's proxy knobs as Squid's: Squid's own when they were set, else the cache's size is its memory cache
     * (0: nothing cached), the largest object is the largest kept at all and in memory; the rest keep Squid's
     * defaults.
     */
    /** The knobs that {@link #of} takes from nginx's, by catalog name: Squid's knob to nginx's. */
    public static final java.util.Map<String, String> FOLLOWS = java.util.Map.of("squid_cache_mem",
            "proxy_cache_size", "squid_max_object_in_memory", "proxy_max_object", "squid_maximum_object",
            "proxy_max_object");

    public static SquidKnobs of(ProxyKnobs proxy) {
        if (proxy.squid() != null) {
            return proxy.squid();
        }
        return new SquidKnobs(proxy.cacheMiB(), proxy.maxObjectKiB(), proxy.maxObjectKiB(), DEFAULTS.minimumObjectKiB,
                DEFAULTS.diskCacheMiB, DEFAULTS.swapLowPercent, DEFAULTS.swapHighPercent);
    }

    /** Whether going from this to {@code next} needs a restart rather than a reconfigure. */
    public boolean restartFor(SquidKnobs next) {
        return diskCacheMiB != next.diskCacheMiB;
    }
}
