package io.tunescope.shop.stack;

import io.tunescope.BadInputException;
import io.tunescope.engine.knob.ApplyMethod;
import io.tunescope.engine.knob.Knob;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.proxy.SquidKnobs;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The tiers' knob catalogs: their defaults are the tiers' defaults, settings become knobs, bad ones are named. */
class ShopCatalogsTest {
    @Test
    void defaultsAreTheTiersDefaultsAndEveryKnobRestartsItsTier() {
        assertThat(ShopCatalogs.proxyKnobs(Map.of())).isEqualTo(ProxyKnobs.DEFAULTS);
        assertThat(ShopCatalogs.appKnobs(Map.of())).isEqualTo(AppKnobs.DEFAULTS);
        assertThat(ShopCatalogs.of("all", "nginx", "h2").knobs()).hasSize(12).extracting(Knob::apply)
                .containsOnly(ApplyMethod.RESTART);
        assertThat(ShopCatalogs.of("all").knobs()).hasSize(12 + ShopCatalogs.database("postgres").knobs().size());
        assertThat(ShopCatalogs.of("proxy").knobs()).extracting(Knob::name).contains("proxy_cache_size",
                "proxy_max_object", "proxy_workers", "proxy_worker_connections");
        assertThat(ShopCatalogs.of("proxy", "squid").knobs()).extracting(Knob::name).containsExactly(
                "squid_cache_mem", "squid_max_object_in_memory", "squid_maximum_object", "squid_minimum_object",
                "squid_disk_cache", "squid_swap_low", "squid_swap_high");
        assertThat(ShopCatalogs.squid().knobs()).filteredOn(k -> k.apply() == ApplyMethod.RESTART)
                .extracting(Knob::name).as("only the disk cache's size needs a restart").containsExactly(
                        "squid_disk_cache");
        assertThat(ShopCatalogs.of("all", "squid", "h2").knobs()).hasSize(14);
        assertThat(ShopCatalogs.of("app").knobs()).extracting(Knob::name).contains("app_min_threads",
                "app_max_threads", "app_accept_queue", "app_pool_size", "app_cache_entries", "app_cache_ttl_ms");
    }

    @Test
    void theDatabaseTiersKnobsAreItsEnginesCatalogLessWhatTheStackSetsItself() {
        assertThat(ShopCatalogs.of("db").knobs()).extracting(Knob::name).contains("shared_buffers", "work_mem",
                "max_wal_size").doesNotContain("max_connections", "users");
        assertThat(ShopCatalogs.of("db", "nginx", "mariadb").knobs()).extracting(Knob::name)
                .contains("innodb_buffer_pool_size").doesNotContain("max_connections", "users");
        assertThat(ShopCatalogs.database("h2").knobs()).isEmpty();
        assertThat(ShopCatalogs.databaseSettings("postgres", Map.of("work_mem", "8MB")))
                .containsEntry("work_mem", 8192L);
        assertThatThrownBy(() -> ShopCatalogs.databaseSettings("postgres", Map.of("shared_buffers", "1MB")))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("shared_buffers (1MB)");
        assertThatThrownBy(() -> ShopCatalogs.databaseSettings("postgres", Map.of("max_connections", 10)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("max_connections");
        assertThatThrownBy(() -> ShopCatalogs.of("nosuch")).isInstanceOf(BadInputException.class)
                .hasMessage("tier (nosuch) must be one of proxy, app, db, all");
    }

    @Test
    void settingsBecomeTheTiersKnobs() {
        assertThat(ShopCatalogs.proxyKnobs(Map.of("proxy_cache_size", "1GB", "proxy_workers", 2)))
                .isEqualTo(new ProxyKnobs(1024, 64, 2, 1024, 10));
        assertThat(ShopCatalogs.appKnobs(Map.of("app_cache_entries", 500, "app_max_threads", 32)))
                .isEqualTo(new AppKnobs(8, 32, 128, 16, 500, 5_000, 5));
        assertThatThrownBy(() -> ShopCatalogs.appKnobs(Map.of("app_max_threads", 2)))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("app_max_threads (2)");
        assertThat(ShopCatalogs.proxyKnobs(Map.of("squid_minimum_object", 1, "squid_swap_low", 80)).squid())
                .isEqualTo(new SquidKnobs(64, 512, 4096, 1, 0, 80, 95));
        assertThatThrownBy(() -> ShopCatalogs.proxyKnobs(Map.of("squid_swap_low", 99)))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("squid-swap-low (99) must be at most");
        assertThatThrownBy(() -> ShopCatalogs.proxyKnobs(Map.of("nosuch", 1)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("not in the shop-proxy catalog");
    }
}
