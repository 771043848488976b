package io.tunescope.store;

import java.util.List;
import java.util.Map;

/**
 * The summary.json of {@code tunescope shop reconfigure}: the load (mix, its change, browsers, think scale), the
 * stack (database, node slots ({@code appNodes}), how many started as Squid nodes of the proxy tier and how many in
 * the browse tier, whether a move restarts a node with its
 * new tier's knobs) and each tier's page-cache entries, what the browsers measured over the whole interval (WIPS, errors, each mix phase), the
 * reconfiguration record (as reconfiguration.json), the seed, and the error that cut the run short (null if none).
 */
public record ReconfigureSummary(String mix, String mixChange, int browsers, double thinkScale, String database,
                                 int appNodes, int proxyNodes, int browseNodes, boolean restartOnMove,
                                 Map<String, Integer> cacheEntriesByTier, double measureSeconds, double wips,
                                 long errors, Map<String, Long> errorsByKind, List<ShopSummary.Phase> phases,
                                 ReconfigurationRecord reconfiguration, long seed, String error) {
}
