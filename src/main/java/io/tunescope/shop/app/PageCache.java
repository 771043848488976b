package io.tunescope.shop.app;

import io.tunescope.shop.Interaction;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The application node's own cache of read-mostly pages: at most {@code capacity} pages (the least recently used
 * goes first), each kept {@code ttlNanos}, keyed by the page and its query. Only pages of {@link #CACHEABLE}
 * interactions that carry no session keys are kept, so a cart, a purchase, an order or an admin page never is.
 */
final class PageCache {
    /** Read-mostly pages whose answer depends only on their query (TPC-W lets them be a little stale). */
    static final Set<Interaction> CACHEABLE = EnumSet.of(Interaction.HOME, Interaction.NEW_PRODUCTS,
            Interaction.BEST_SELLERS, Interaction.PRODUCT_DETAIL, Interaction.SEARCH_REQUEST,
            Interaction.SEARCH_RESULTS);

    private record Entry(String html, long expiresNanos) {
    }

    private final int capacity;
    private final long ttlNanos;
    private final LongSupplier clock;
    private final Map<String, Entry> entries;
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong misses = new AtomicLong();

    PageCache(int capacity, long ttlNanos, LongSupplier clock) {
        this.capacity = capacity;
        this.ttlNanos = ttlNanos;
        this.clock = clock;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
                return size() > PageCache.this.capacity;
            }
        };
    }

    static PageCache of(AppKnobs knobs) {
        return new PageCache(knobs.get(AppKnob.CACHE_ENTRIES), knobs.get(AppKnob.CACHE_TTL_MILLIS) * 1_000_000L,
                System::nanoTime);
    }

    boolean enabled() {
        return capacity > 0;
    }

    static boolean cacheable(Interaction interaction) {
        return CACHEABLE.contains(interaction);
    }

    /** The page kept under {@code key} and still fresh, or null (counted as a miss). */
    synchronized String get(String key) {
        Entry e = entries.get(key);
        if (e != null && clock.getAsLong() - e.expiresNanos < 0) {
            hits.incrementAndGet();
            return e.html;
        }
        if (e != null) {
            entries.remove(key);
        }
        misses.incrementAndGet();
        return null;
    }

    synchronized void put(String key, String html) {
        if (capacity > 0) {
            entries.put(key, new Entry(html, clock.getAsLong() + ttlNanos));
        }
    }

    synchronized int size() {
        return entries.size();
    }

    long hits() {
        return hits.get();
    }

    long misses() {
        return misses.get();
    }
}
