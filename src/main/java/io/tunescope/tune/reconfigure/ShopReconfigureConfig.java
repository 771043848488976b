package io.tunescope.tune.reconfigure;

import io.tunescope.BadInputException;
import io.tunescope.shop.Mix;
import io.tunescope.shop.MixChange;
import io.tunescope.shop.app.AppKnob;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.shop.stack.RoutedShop;
import io.tunescope.shop.stack.ShopStackConfig;

import java.time.Duration;
import java.util.Map;

/**
 * One {@code shop reconfigure}: the stack (nginx and at least two application nodes), how many nodes start in the
 * browse tier, the page-cache entries of a browse node (the order tier's nodes keep the stack's; a node moved between
 * tiers with different knobs is restarted), the load (mix, its change, browsers, ramp-up, duration, think time, seed)
 * and the online loop's window, settling pause and hysteresis. With {@code proxyNodes} above 0, that many of the
 * stack's node slots start as Squid nodes of a proxy tier in front of the two (a node moved to or from it changes
 * role), and the browse and order tiers share the rest.
 */
public record ShopReconfigureConfig(ShopStackConfig stack, int browseNodes, int browseCacheEntries, Mix mix,
                                    MixChange mixChange, int browsers, Duration rampUp, Duration duration,
                                    ThinkTime think, Duration window, Duration settle, double hysteresis, long seed,
                                    int proxyNodes) {
    public ShopReconfigureConfig {
        int nodes = stack.tiers().appNodes();
        if (nodes < 2) {
            throw BadInputException.of("app-nodes", nodes, "must be at least 2 for shop reconfigure (a node per "
                    + "tier, and one to move)");
        }
        if (proxyNodes < 0 || proxyNodes > nodes - 2) {
            throw BadInputException.of("proxy-nodes", proxyNodes, "must be from 0 to app-nodes - 2 (" + (nodes - 2)
                    + "): the browse and order tiers start with a node each");
        }
        int apps = nodes - proxyNodes;
        if (browseNodes < 1 || browseNodes >= apps) {
            throw BadInputException.of("browse-nodes", browseNodes, "must be from 1 to app-nodes - 1 (" + (nodes - 1)
                    + ")" + (proxyNodes > 0 ? " - proxy-nodes (" + proxyNodes + ")" : ""));
        }
        if (mixChange != null) {
            mixChange.within(mix, duration);
        }
        if (rampUp.isNegative()) {
            throw BadInputException.of("ramp-up", rampUp, "must not be negative");
        }
        new OnlineReconfiguration.Settings(window, settle, duration, null, new ReconfigurationRule(hysteresis),
                mix.label(), null);
        // checks the entries' range
        withCache(stack.app(), browseCacheEntries);
    }

    /** Without a proxy tier. */
    public ShopReconfigureConfig(ShopStackConfig stack, int browseNodes, int browseCacheEntries, Mix mix,
                                 MixChange mixChange, int browsers, Duration rampUp, Duration duration,
                                 ThinkTime think, Duration window, Duration settle, double hysteresis, long seed) {
        this(stack, browseNodes, browseCacheEntries, mix, mixChange, browsers, rampUp, duration, think, window,
                settle, hysteresis, seed, 0);
    }

    /** The knobs of each tier's nodes. */
    public Map<String, AppKnobs> roleKnobs() {
        return Map.of(RoutedShop.BROWSE, withCache(stack.app(), browseCacheEntries), RoutedShop.ORDER, stack.app());
    }

    private static AppKnobs withCache(AppKnobs k, int entries) {
        AppKnob cache = AppKnob.CACHE_ENTRIES;
        if (entries < cache.min() || entries > cache.max()) {
            throw BadInputException.of("browse-cache-entries", entries, "must be from 0 (no cache) to " + cache.max());
        }
        return k.with(cache, entries);
    }

    /** The loop's settings. */
    public OnlineReconfiguration.Settings settings() {
        return new OnlineReconfiguration.Settings(window, settle, duration, mixChange == null ? null : mixChange.at(),
                new ReconfigurationRule(hysteresis), mix.label(), mixChange == null ? null : mixChange.to().label());
    }
}
