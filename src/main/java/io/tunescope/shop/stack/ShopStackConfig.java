package io.tunescope.shop.stack;

import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;

import java.nio.file.Path;

/**
 * What a stack is made of, without the load that drives it: the results directory, the database tier ({@code h2}
 * or {@code postgres}, with PostgreSQL's binaries when not found), the store's size and seed, each application
 * node's knobs, and the tiers in front of the database (nodes, proxy). {@code shop start} hands it to the
 * supervisor JVM as a JSON file (stack-config.json).
 */
public record ShopStackConfig(Path out, String database, Path pgBin, ShopScale scale, long seed, AppKnobs app,
                              ShopTiers tiers) {
}
