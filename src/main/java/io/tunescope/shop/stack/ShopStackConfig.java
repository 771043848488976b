package io.tunescope.shop.stack;

import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;

import java.nio.file.Path;

/**
 * What a stack is made of, without the load that drives it: the results directory, the database tier ({@code h2}
 * or {@code postgres}, with PostgreSQL's binaries when not found), the store's size and seed, each application
 * node's knobs, and the tiers in front of the database (work lines, nodes, proxies). {@code shop start} hands it to the
 * supervisor JVM as a JSON file (stack-config.json).
 */
public record ShopStackConfig(Path out, String database, Path pgBin, ShopScale scale, long seed, AppKnobs app,
                              ShopTiers tiers) {
    /** The nodes in front of the database: {@code tiers}' lines, each node with {@code app}, each proxy alike. */
    public ShopLayout layout() {
        return ShopLayout.uniform(tiers, app);
    }
}
