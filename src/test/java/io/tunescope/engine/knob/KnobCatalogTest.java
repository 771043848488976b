package io.tunescope.engine.knob;

import io.tunescope.BadInputException;
import io.tunescope.engine.Engines;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KnobCatalogTest {
    private final KnobCatalog pg = Catalogs.postgres();
    private final KnobCatalog duck = Catalogs.duckdb();

    @Test
    void theEnginesOwnTheirCatalogs() {
        assertThat(Engines.byId("postgres").knobs().knobs()).extracting(Knob::name).contains("shared_buffers",
                "work_mem", "maintenance_work_mem", "effective_cache_size", "max_parallel_workers_per_gather",
                "max_parallel_workers", "max_worker_processes", "random_page_cost", "effective_io_concurrency", "jit",
                "wal_buffers", "checkpoint_completion_target", "synchronous_commit", "max_connections", "users");
        assertThat(Engines.byId("duckdb").knobs().has("memory_limit")).isTrue();
        assertThat(Engines.byId("mariadb").knobs().knob("innodb_log_file_size").apply()).isEqualTo(ApplyMethod.RESTART);
        assertThat(Engines.byId("derby").knobs().has("derby.storage.pageCacheSize")).isTrue();
        assertThat(Engines.byId("h2").knobs().has("CACHE_SIZE")).isTrue();
        assertThat(Engines.byId("sqlite").knobs().isEmpty()).isTrue();
        assertThat(Engines.tunable().names()).containsExactly("derby", "duckdb", "h2", "mariadb", "postgres");
    }

    @Test
    void everyH2KnobIsAStatementH2Runs() throws Exception {
        // H2 takes some settings only in the URL (QUERY_CACHE_SIZE): a knob whose SET fails would fail every trial
        KnobCatalog h2 = Catalogs.h2();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:h2:mem:knobs");
             java.sql.Statement s = c.createStatement()) {
            for (Knob k : h2.knobs()) {
                if (k.defaultValue() != null && k.apply() == ApplyMethod.SESSION) {
                    for (String sql : h2.statements(Map.of(k.name(), k.defaultValue()))) {
                        s.execute(sql);
                    }
                }
            }
        }
    }

    @Test
    void everyDefaultPassesItsOwnKnob() {
        for (KnobCatalog c : List.of(pg, duck, Catalogs.mariadb(), Catalogs.derby(), Catalogs.h2())) {
            for (Knob k : c.knobs()) {
                if (k.defaultValue() != null) {
                    assertThat(k.validate(k.defaultValue())).as(c.engine() + " " + k.name()).isNotNull();
                }
            }
        }
    }

    @Test
    void valuesAreCheckedAndNormalised() {
        assertThat(pg.knob("shared_buffers").validate("2GB")).isEqualTo(2048L);
        assertThat(pg.knob("shared_buffers").validate(256)).isEqualTo(256L);
        assertThat(pg.knob("work_mem").validate("64MB")).isEqualTo(65536L);
        assertThat(pg.knob("wal_buffers").validate(-1)).isEqualTo(-1L);
        assertThat(pg.knob("jit").validate("off")).isEqualTo(false);
        assertThat(pg.knob("synchronous_commit").validate("OFF")).isEqualTo("off");
        assertThat(pg.knob("random_page_cost").validate(1.1)).isEqualTo(1.1);
    }

    @Test
    void aBadValueNamesKnobValueAndRule() {
        assertThatThrownBy(() -> pg.validate(Map.of("shared_buffers", "1TB")))
                .isInstanceOf(BadInputException.class)
                .hasMessage("shared_buffers (1TB) must be a whole number between 16 and 65536 MB");
        assertThatThrownBy(() -> pg.knob("max_connections").validate(2.5))
                .hasMessageStartingWith("max_connections (2.5) must be a whole number");
        assertThatThrownBy(() -> pg.knob("wal_buffers").validate(-2))
                .hasMessageEndingWith("(or one of [-1])");
        assertThatThrownBy(() -> pg.knob("synchronous_commit").validate("sometimes"))
                .hasMessage("synchronous_commit (sometimes) must be one of [on, off, local, remote_write, remote_apply]");
        assertThatThrownBy(() -> duck.knob("threads").validate(true)).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> pg.knob("random_page_cost").validate(Double.NaN)).isInstanceOf(BadInputException.class);
    }

    @Test
    void anUnknownKnobIsBadInputAndNeverReachesSql() {
        Map<String, Object> hostile = new LinkedHashMap<>();
        hostile.put("work_mem = '1GB'; DROP TABLE lineitem; --", 1);
        assertThatThrownBy(() -> pg.statements(hostile)).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("knob (work_mem = '1GB'; DROP TABLE lineitem; --) is not in the postgres catalog");
        assertThatThrownBy(() -> new Knob("x; DROP", KnobType.INT, 0.0, 1.0, null, 0L, null, null,
                ApplyMethod.SESSION, "")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void hostileValuesAreRefusedOrRenderedAsPlainLiterals() {
        for (Object v : List.of("1'; DROP TABLE x; --", "128MB'; SELECT pg_sleep(10); --", "on; DROP", "1e400")) {
            assertThatThrownBy(() -> pg.statements(Map.of("shared_buffers", v))).isInstanceOf(BadInputException.class);
            assertThatThrownBy(() -> pg.statements(Map.of("synchronous_commit", v)))
                    .isInstanceOf(BadInputException.class);
            assertThatThrownBy(() -> duck.statements(Map.of("preserve_insertion_order", v)))
                    .isInstanceOf(BadInputException.class);
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("synchronous_commit", "off");
        s.put("users", 4);
        s.put("shared_buffers", "1GB");
        s.put("random_page_cost", 1.1);
        s.put("jit", false);
        assertThat(pg.statements(s)).containsExactly("ALTER SYSTEM SET shared_buffers = '1024MB'",
                "ALTER SYSTEM SET random_page_cost = 1.1", "ALTER SYSTEM SET jit = false",
                "ALTER SYSTEM SET synchronous_commit = 'off'");
        assertThat(pg.snippet(s)).isEqualTo("shared_buffers = '1024MB'\nrandom_page_cost = 1.1\njit = false\n"
                + "synchronous_commit = 'off'\n");
        assertThat(duck.statements(Map.of("memory_limit", "2GB"))).containsExactly("SET GLOBAL memory_limit = '2048MiB'");
        assertThat(Catalogs.mariadb().statements(Map.of("sort_buffer_size", "4MB")))
                .containsExactly("SET GLOBAL sort_buffer_size = 4194304");
        assertThat(Catalogs.h2().statements(Map.of("CACHE_SIZE", 65536))).containsExactly("SET CACHE_SIZE 65536");
        assertThat(pg.needsRestart(Map.of("shared_buffers", 256))).isTrue();
        assertThat(pg.needsRestart(Map.of("work_mem", 256))).isFalse();
    }
}
