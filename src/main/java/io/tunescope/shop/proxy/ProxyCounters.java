package io.tunescope.shop.proxy;

import java.util.Map;

/**
 * A proxy's cumulative client-side counters: requests answered, those answered from its cache, and the kilobytes
 * sent to clients in all and from the cache. The difference of two readings gives a window's hit ratios.
 */
public record ProxyCounters(long requests, long hits, long kbytesOut, long hitKbytesOut) {
    /** Reads Squid's cache-manager counters page ({@code client_http.requests = 12} lines); -1 for a missing one. */
    public static ProxyCounters ofSquidCounters(String text) {
        Map<String, Long> values = new java.util.HashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                try {
                    values.put(line.substring(0, eq).trim(), Long.parseLong(line.substring(eq + 1).trim()));
                } catch (NumberFormatException e) {
                    // a rate or a time, not a counter we read
                }
            }
        }
        return new ProxyCounters(values.getOrDefault("client_http.requests", -1L),
                values.getOrDefault("client_http.hits", -1L), values.getOrDefault("client_http.kbytes_out", -1L),
                values.getOrDefault("client_http.hit_kbytes_out", -1L));
    }

    /** What happened between {@code earlier} and this reading. */
    public ProxyCounters minus(ProxyCounters earlier) {
        return new ProxyCounters(requests - earlier.requests, hits - earlier.hits, kbytesOut - earlier.kbytesOut,
                hitKbytesOut - earlier.hitKbytesOut);
    }

    /** Share of requests answered from the cache; NaN without requests. */
    public double requestHitRatio() {
        return requests > 0 ? (double) hits / requests : Double.NaN;
    }

    /** Share of the bytes sent that came from the cache; NaN when nothing was sent. */
    public double byteHitRatio() {
        return kbytesOut > 0 ? (double) hitKbytesOut / kbytesOut : Double.NaN;
    }
}
