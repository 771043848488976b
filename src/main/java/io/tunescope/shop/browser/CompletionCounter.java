package io.tunescope.shop.browser;

import io.tunescope.shop.Interaction;

/**
 * The browsers' successful interactions counted as they complete, in buckets of {@link #BUCKET_NANOS} on
 * {@link System#nanoTime()}'s clock from {@code originNanos}, for rates over a sliding window while a run goes on
 * (an online controller asks for the WIPS of the last few seconds). Bounded memory: a ring of {@code buckets}
 * buckets; the part of a window older than the ring reads as empty. A few hundred completions a second take one
 * short lock each.
 */
public final class CompletionCounter {
    public static final long BUCKET_NANOS = 100_000_000L;

    private final long originNanos;
    private final long[] all;
    private final long[] orders;
    private long newest = -1;

    /** @param buckets how many buckets the ring holds (of 100 ms each), at least 10 */
    public CompletionCounter(long originNanos, int buckets) {
        if (buckets < 10) {
            throw new IllegalArgumentException("buckets must be at least 10: " + buckets);
        }
        this.originNanos = originNanos;
        this.all = new long[buckets];
        this.orders = new long[buckets];
    }

    synchronized void completed(Interaction interaction, long endNanos) {
        long bucket = Math.max(0, (endNanos - originNanos) / BUCKET_NANOS);
        for (long b = Math.max(newest + 1, bucket - all.length + 1); b <= bucket; b++) {
            all[(int) (b % all.length)] = 0;
            orders[(int) (b % all.length)] = 0;
        }
        newest = Math.max(newest, bucket);
        if (bucket <= newest - all.length) {
            return;
        }
        int slot = (int) (bucket % all.length);
        all[slot]++;
        orders[slot] += interaction.browse() ? 0 : 1;
    }

    /** Completions in the whole buckets of [{@code fromNanos}, {@code toNanos}). */
    public synchronized long count(long fromNanos, long toNanos) {
        return sum(all, fromNanos, toNanos);
    }

    /** Order interactions among them. */
    public synchronized long orders(long fromNanos, long toNanos) {
        return sum(orders, fromNanos, toNanos);
    }

    /** Completions per second over the whole buckets of [{@code fromNanos}, {@code toNanos}). */
    public synchronized double ratePerSecond(long fromNanos, long toNanos) {
        long first = bucketOf(fromNanos);
        long last = bucketOf(toNanos);
        return last <= first ? 0 : sum(all, fromNanos, toNanos) / ((last - first) * BUCKET_NANOS / 1e9);
    }

    private long bucketOf(long nanos) {
        return Math.max(0, (nanos - originNanos) / BUCKET_NANOS);
    }

    private long sum(long[] ring, long fromNanos, long toNanos) {
        long first = Math.max(bucketOf(fromNanos), newest - ring.length + 1);
        long last = Math.min(bucketOf(toNanos), newest + 1);
        long n = 0;
        for (long b = first; b < last; b++) {
            n += ring[(int) (b % ring.length)];
        }
        return n;
    }
}
