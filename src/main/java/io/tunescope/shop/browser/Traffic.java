package io.tunescope.shop.browser;

import java.util.List;

/**
 * Every HTTP answer the browsers received in the measurement interval, pages and images together, as a proxy sees
 * them: the requests and the bytes of their bodies, and those the proxy's cache answered (its hit ratio by requests
 * and by bytes); and the images apart: how many, their failures, their bytes, the 90th percentile and maximum of
 * their latency from each image request's start.
 */
public record Traffic(long requests, long proxyHits, long bytes, long proxyHitBytes, long images, long imageErrors,
                      long imageBytes, double imageP90Millis, double imageMaxMillis) {
    public static final Traffic NONE = new Traffic(0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Share of the requests the proxy's cache answered, in percent; 0 without requests. */
    public double requestHitPercent() {
        return requests == 0 ? 0 : 100.0 * proxyHits / requests;
    }

    /** Share of the bytes the proxy's cache sent, in percent; 0 when nothing was sent. */
    public double byteHitPercent() {
        return bytes == 0 ? 0 : 100.0 * proxyHitBytes / bytes;
    }

    /** Several lines' traffic as one: counts add up; a percentile is the largest, an upper bound of the whole's. */
    public static Traffic sum(List<Traffic> parts) {
        Traffic t = NONE;
        for (Traffic p : parts) {
            t = new Traffic(t.requests + p.requests, t.proxyHits + p.proxyHits, t.bytes + p.bytes,
                    t.proxyHitBytes + p.proxyHitBytes, t.images + p.images, t.imageErrors + p.imageErrors,
                    t.imageBytes + p.imageBytes, Math.max(t.imageP90Millis, p.imageP90Millis),
                    Math.max(t.imageMaxMillis, p.imageMaxMillis));
        }
        return t;
    }
}
