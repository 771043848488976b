package io.tunescope.store;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * The directory of prepared TPC-H copies: one database per engine, scale factor and version key, generated once and
 * copied into every tenant of every cell and run afterwards (see docs/experiments.md, "Load once"). Owns the names
 * of the files in it: {@code tpch/<engine>-sf<sf>-<key>.<ext>} for the copy, the same name plus {@code .json} for
 * its manifest, {@code .building} while it is built, and {@code tpch/<engine>-sf<sf>.lock} for the builder's lock.
 * The version key changes when the generator, the schema or the engine's version do, so a stale copy is never read.
 * A private server's copy is a data directory ({@code tpch/postgres-sf<sf>-<key>.pgdata}), named the same way.
 */
public record DataCache(Path root) {
    /** Overrides the default location; {@code off} turns the cache off (every tenant generates its data). */
    public static final String ENV = "TUNESCOPE_CACHE_DIR";
    public static final String OFF = "off";

    public DataCache {
        Objects.requireNonNull(root, "root");
    }

    /**
     * The default root, or null when the cache is off: {@code $TUNESCOPE_CACHE_DIR}, else
     * {@code $XDG_CACHE_HOME/tunescope}, else {@code ~/.cache/tunescope}. A pure function of its inputs.
     */
    public static Path defaultRoot(Map<String, String> env, String userHome) {
        String explicit = env.get(ENV);
        if (explicit != null && !explicit.isBlank()) {
            return explicit.trim().equals(OFF) ? null : Path.of(explicit.trim());
        }
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "tunescope");
        }
        return Path.of(userHome, ".cache", "tunescope");
    }

    /** The default root for this process (environment and user home), or null when the cache is off. */
    public static Path defaultRoot() {
        return defaultRoot(System.getenv(), System.getProperty("user.home"));
    }

    /** A plan's or option's {@code dataCache} text: null means the default root, {@code off} none, else a path. */
    public static Path resolve(String text) {
        if (text == null) {
            return defaultRoot();
        }
        return text.trim().equals(OFF) ? null : Path.of(text.trim());
    }

    /** The prepared copy of {@code engine}'s data at {@code scaleFactor} under version {@code key}. */
    public Path copy(String engine, double scaleFactor, String key, String extension) {
        return tpch().resolve(stem(engine, scaleFactor) + "-" + key + "." + extension);
    }

    /** What the copy holds (version key, rows per table as the generator made them), written after the copy. */
    public Path manifest(Path copy) {
        return copy.resolveSibling(copy.getFileName() + ".json");
    }

    /** Where a copy is built before it is moved into place, so a reader never sees half a copy. */
    public Path building(Path copy) {
        return copy.resolveSibling(copy.getFileName() + ".building");
    }

    /** Held while one process checks or builds the copies of {@code engine} at {@code scaleFactor}. */
    public Path lock(String engine, double scaleFactor) {
        return tpch().resolve(stem(engine, scaleFactor) + ".lock");
    }

    /** The prefix every version of {@code engine}'s copy at {@code scaleFactor} shares (to remove stale ones). */
    public String prefix(String engine, double scaleFactor) {
        return stem(engine, scaleFactor) + "-";
    }

    public Path tpch() {
        return root.resolve("tpch");
    }

    /**
     * TPC-C's prepared copy of {@code engine}'s database with {@code warehouses} loaded from {@code seed} (the data
     * depends on the seed): {@code tpcc/<engine>-w<warehouses>-s<seed>-<key>.<ext>}; its manifest, building name and
     * lock follow the TPC-H copies' rules.
     */
    public Path tpccCopy(String engine, int warehouses, long seed, String key, String extension) {
        return tpcc().resolve(tpccPrefix(engine, warehouses, seed) + key + "." + extension);
    }

    public Path tpccLock(String engine, int warehouses, long seed) {
        return tpcc().resolve(tpccStem(engine, warehouses, seed) + ".lock");
    }

    public String tpccPrefix(String engine, int warehouses, long seed) {
        return tpccStem(engine, warehouses, seed) + "-";
    }

    public Path tpcc() {
        return root.resolve("tpcc");
    }

    private static String tpccStem(String engine, int warehouses, long seed) {
        return engine + "-w" + warehouses + "-s" + seed;
    }

    /** Creates the cache's directory; says which one when it cannot. */
    public void create() throws IOException {
        java.nio.file.Files.createDirectories(tpcc());
        java.nio.file.Files.createDirectories(tpch());
    }

    private static String stem(String engine, double scaleFactor) {
        return engine + "-sf" + BigDecimal.valueOf(scaleFactor).stripTrailingZeros().toPlainString();
    }
}
