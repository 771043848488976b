package io.tunescope.store;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class DataCacheTest {
    @Test
    void defaultRootFollowsTheEnvironment() {
        assertThat(DataCache.defaultRoot(Map.of(), "/home/u")).isEqualTo(Path.of("/home/u/.cache/tunescope"));
        assertThat(DataCache.defaultRoot(Map.of("XDG_CACHE_HOME", "/x"), "/home/u")).isEqualTo(Path.of("/x/tunescope"));
        assertThat(DataCache.defaultRoot(Map.of(DataCache.ENV, "/c", "XDG_CACHE_HOME", "/x"), "/home/u"))
                .isEqualTo(Path.of("/c"));
        assertThat(DataCache.defaultRoot(Map.of(DataCache.ENV, "off"), "/home/u")).isNull();
        assertThat(DataCache.resolve("off")).isNull();
        assertThat(DataCache.resolve("/d")).isEqualTo(Path.of("/d"));
    }

    @Test
    void namesCarryEngineScaleFactorAndKey() {
        DataCache cache = new DataCache(Path.of("/c"));
        Path copy = cache.copy("duckdb", 1.0, "abc", "duckdb");
        assertThat(copy).isEqualTo(Path.of("/c/tpch/duckdb-sf1-abc.duckdb"));
        assertThat(cache.copy("duckdb", 0.01, "abc", "duckdb")).isEqualTo(Path.of("/c/tpch/duckdb-sf0.01-abc.duckdb"));
        assertThat(cache.manifest(copy)).isEqualTo(Path.of("/c/tpch/duckdb-sf1-abc.duckdb.json"));
        assertThat(cache.building(copy)).isEqualTo(Path.of("/c/tpch/duckdb-sf1-abc.duckdb.building"));
        assertThat(cache.lock("duckdb", 1.0)).isEqualTo(Path.of("/c/tpch/duckdb-sf1.lock"));
        assertThat(copy.getFileName().toString()).startsWith(cache.prefix("duckdb", 1.0));
    }

    @Test
    void tpccNamesCarryWarehousesSeedAndKeyAndNoSeedsPrefixIsAnothersPrefix() {
        DataCache cache = new DataCache(Path.of("/c"));
        Path copy = cache.tpccCopy("duckdb", 2, 1, "abc", "duckdb");
        assertThat(copy).isEqualTo(Path.of("/c/tpcc/duckdb-w2-s1-abc.duckdb"));
        assertThat(cache.tpccLock("duckdb", 2, 1)).isEqualTo(Path.of("/c/tpcc/duckdb-w2-s1.lock"));
        assertThat(copy.getFileName().toString()).startsWith(cache.tpccPrefix("duckdb", 2, 1))
                .doesNotStartWith(cache.tpccPrefix("duckdb", 2, 12)).doesNotStartWith(cache.tpccPrefix("duckdb", 20, 1));
        assertThat(cache.tpccLock("duckdb", 2, 1).getFileName().toString())
                .doesNotStartWith(cache.tpccPrefix("duckdb", 2, 1));
    }
}
