package io.tunescope.shop.stack;

import io.tunescope.shop.Interaction;
import io.tunescope.shop.browser.BrowserResult;
import io.tunescope.shop.browser.BrowserRunConfig;
import io.tunescope.shop.browser.EmulatedBrowsers;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The emulated browsers split over the work lines: each line gets its share of the browsers (the first
 * {@code browsers % lines} lines one more), of the open load's arrival rate, and its own seed (the first line the
 * run's seed, so one line drives exactly as the stack before work lines did); the lines' browsers run at once, each
 * against its line's proxy. The whole run's figures merge the lines': counts, WIPS, errors and cache hits add up,
 * shares are recomputed, and each interaction's p90 is the largest of the lines' p90s, an upper bound of the whole
 * run's (at least 90 % of every line's latencies lie below it).
 */
final class LineBrowsers {
    /** Seeds of the lines after the first: far apart, so no two lines draw the same browsers. */
    private static final long SEED_STRIDE = 0x9E3779B97F4A7C15L;

    private LineBrowsers() {
    }

    /** The share of {@code browsers} that line {@code k} (from 0) of {@code lines} drives. */
    static int share(int browsers, int lines, int k) {
        return browsers / lines + (k < browsers % lines ? 1 : 0);
    }

    /** Line {@code k}'s load: its share of {@code load}'s browsers and arrivals against {@code baseUrl}. */
    static BrowserRunConfig lineLoad(BrowserRunConfig load, int lines, int k, java.net.URI baseUrl) {
        return new BrowserRunConfig(baseUrl, load.mix(), share(load.browsers(), lines, k), load.rampUp(),
                load.measure(), load.rampDown(), load.think(), load.scale(), load.seed() + k * SEED_STRIDE,
                load.arrivalRatePerSecond() / lines, load.mixChange());
    }

    /** Runs every line's browsers at once; the results in the lines' order. */
    static List<BrowserResult> run(List<BrowserRunConfig> loads) throws InterruptedException {
        if (loads.size() == 1) {
            return List.of(new EmulatedBrowsers(loads.get(0)).run());
        }
        ExecutorService pool = Executors.newFixedThreadPool(loads.size(), r -> {
            Thread t = new Thread(r, "shop-line-browsers");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<BrowserResult>> runs = new ArrayList<>();
            loads.forEach(l -> runs.add(pool.submit(() -> new EmulatedBrowsers(l).run())));
            List<BrowserResult> out = new ArrayList<>();
            try {
                for (Future<BrowserResult> f : runs) {
                    out.add(f.get());
                }
            } catch (InterruptedException e) {
                return measuredSoFar(pool, runs);
            }
            return out;
        } catch (ExecutionException e) {
            throw new IllegalStateException("a line's browsers failed: " + e.getCause(), e.getCause());
        } finally {
            // interrupted: the lines' browsers stop too
            pool.shutdownNow();
        }
    }

    /**
     * Stopped early: interrupts every line's browsers, which return what they measured so far, and collects it;
     * the interrupt flag stays set for the caller.
     */
    private static List<BrowserResult> measuredSoFar(ExecutorService pool, List<Future<BrowserResult>> runs)
            throws ExecutionException {
        pool.shutdownNow();
        List<BrowserResult> out = new ArrayList<>();
        try {
            for (Future<BrowserResult> f : runs) {
                out.add(f.get(30, java.util.concurrent.TimeUnit.SECONDS));
            }
        } catch (InterruptedException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("a line's browsers did not stop within 30 s", e);
        } finally {
            Thread.currentThread().interrupt();
        }
        return out;
    }

    /** The whole run's figures from the lines'. */
    static BrowserResult merge(List<BrowserResult> lines) {
        if (lines.size() == 1) {
            return lines.get(0);
        }
        long completed = lines.stream().mapToLong(BrowserResult::completed).sum();
        Map<Interaction, BrowserResult.Measured> per = new EnumMap<>(Interaction.class);
        for (Interaction i : Interaction.values()) {
            long count = 0;
            double p90 = 0;
            double max = 0;
            for (BrowserResult r : lines) {
                BrowserResult.Measured m = r.perInteraction().get(i);
                if (m != null) {
                    count += m.count();
                    p90 = Math.max(p90, m.p90Millis());
                    max = Math.max(max, m.maxMillis());
                }
            }
            per.put(i, new BrowserResult.Measured(count, completed == 0 ? 0 : 100.0 * count / completed, p90, max));
        }
        Map<String, Long> errors = new TreeMap<>();
        lines.forEach(r -> r.errorsByKind().forEach((k, v) -> errors.merge(k, v, Long::sum)));
        return new BrowserResult(lines.get(0).measureSeconds(), completed,
                lines.stream().mapToDouble(BrowserResult::wips).sum(), per, Map.copyOf(errors),
                lines.stream().mapToLong(BrowserResult::completedInAllPhases).sum(),
                lines.stream().mapToLong(BrowserResult::sessions).sum(),
                lines.stream().mapToLong(BrowserResult::proxyCacheHits).sum(),
                lines.stream().mapToLong(BrowserResult::appCacheHits).sum(), mergePhases(lines),
                io.tunescope.shop.browser.Traffic.sum(lines.stream().map(BrowserResult::traffic).toList()));
    }

    /** The lines' phases side by side: completions and rates add up, the order share is weighted by completions. */
    private static List<BrowserResult.Phase> mergePhases(List<BrowserResult> lines) {
        List<BrowserResult.Phase> out = new ArrayList<>();
        for (int k = 0; k < lines.get(0).phases().size(); k++) {
            BrowserResult.Phase first = lines.get(0).phases().get(k);
            long completed = 0;
            double wips = 0;
            double orders = 0;
            for (BrowserResult r : lines) {
                BrowserResult.Phase p = r.phases().get(k);
                completed += p.completed();
                wips += p.wips();
                orders += p.orderSharePercent() * p.completed();
            }
            out.add(new BrowserResult.Phase(first.mix(), first.startSeconds(), first.seconds(), completed, wips,
                    completed == 0 ? 0 : orders / completed));
        }
        return out;
    }
}
