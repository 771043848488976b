package io.tunescope.store;

import java.util.List;
import java.util.Map;

/**
 * The summary.json of {@code tunescope shop run}: the fields ({@code mix}, {@code browsers},
 * {@code measureSeconds}, {@code wips}, {@code errors}, {@code degraded}, {@code interactions}, {@code tiers}) and
 * more: the metric's TPC-W name (WIPSb for browsing, WIPSo for ordering), the database, the run's phases and think
 * scale, the store's size, errors by kind, the largest gap between observed and specified shares, the seed, the
 * open load's session arrival rate (0 for closed load) and the sessions started, and with {@code --monitor} the
 * thread monitor's sums per process (null without), the proxy ({@code nginx} or {@code none}), the application
 * nodes and the proxy's knobs (null without a proxy), and the shares of the interactions in the interval that the
 * proxy's cache and the nodes' own caches answered; the work lines, each line's WIPS (its own browsers' completed
 * interactions per second) and the nodes (application nodes or proxies) that died during the run, by name.
 * {@code appNodes} counts the application nodes of every line. With {@code --mix-change}, the WIPS of each phase
 * (left out of the file without one). Each proxy's hit ratio by requests and by bytes ({@code proxies}, left out
 * without a proxy), and the item images fetched ({@code images}).
 */
public record ShopSummary(String mix, int browsers, double measureSeconds, double wips, long errors, boolean degraded,
                          List<Interaction> interactions, List<Tier> tiers, String metric, String database,
                          double rampUpSeconds, double rampDownSeconds, double thinkScale, Population population,
                          Map<String, Long> errorsByKind, double maxShareGapPoints, boolean p90WithinLimits,
                          Map<String, Integer> appKnobs, long seed,
                          double arrivalRatePerSecond, long sessions, List<TierThreads> monitor, String proxy,
                          int appNodes, Map<String, Integer> proxyKnobs, double proxyCacheHitPercent,
                          double appCacheHitPercent, int lines, Map<String, Double> wipsByLine,
                          List<String> failedNodes,
                          @com.fasterxml.jackson.annotation.JsonInclude(
                                  com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) List<Phase> phases,
                          @com.fasterxml.jackson.annotation.JsonInclude(
                                  com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) List<ProxyHits> proxies,
                          Images images) {

    /**
     * One proxy over the measurement interval, as its line's browsers saw it: the answers it sent (pages and images)
     * and their kilobytes, and the shares its cache answered by requests and by bytes.
     */
    public record ProxyHits(String node, String proxy, long requests, double requestHitPercent, long kbytes,
                            double byteHitPercent) {
    }

    /**
     * The item images the browsers fetched in the measurement interval (apart from the interactions): how many, per
     * second, how many failed, their kilobytes, the 90th percentile and maximum of their latency.
     */
    public record Images(long requests, double perSecond, long errors, long kbytes, double p90Millis,
                         double maxMillis) {
    }

    /**
     * One phase of the measurement interval under one mix ({@code --mix-change}): its start in seconds after the
     * interval's start, its length, the interactions completed in it, their rate and the share of order interactions.
     */
    public record Phase(String mix, double startSeconds, double seconds, long completed, double wips,
                        double orderSharePercent) {
    }

    /** One web interaction over the measurement interval; latencies from each request's intended start. */
    public record Interaction(String name, long count, double sharePercent, double specPercent, double p90Millis,
                              long limitMillis, double maxMillis) {
    }

    /** One process of the stack and the CPU it used over the measurement interval. */
    public record Tier(String tier, String node, long pid, double cpuMillis) {
    }

    /**
     * One process over the measurement interval as the thread monitor saw it: its threads, their CPU and run-queue
     * delay (time runnable but waiting for a core), and the samples that found a thread running or sleeping.
     */
    public record TierThreads(String tier, String node, int threads, double cpuMillis, double runDelayMillis,
                              long runningSamples, long sleepingSamples) {
    }

    /** The rows loaded, and the scale-down divisor applied to the customer-driven tables (1 = the specification). */
    public record Population(int items, int customers, int addresses, int orders, long orderLines, int authors,
                             int countries, int scaleDown, double loadSeconds) {
    }
}
