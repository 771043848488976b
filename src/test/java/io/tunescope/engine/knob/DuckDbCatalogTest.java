package io.tunescope.engine.knob;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The DuckDB catalog against DuckDB itself: every knob exists and takes the statements the catalog renders. */
class DuckDbCatalogTest {
    @Test
    void everyKnobIsASettingDuckDbAcceptsAndReadsBack() throws Exception {
        KnobCatalog duck = Catalogs.duckdb();
        Map<String, Object> settings = new LinkedHashMap<>();
        for (Knob k : duck.knobs()) {
            if (k.apply() != ApplyMethod.CLIENT) {
                settings.put(k.name(), k.defaultValue() != null ? k.defaultValue() : k.min().longValue() * 2);
            }
        }
        settings.put("preserve_insertion_order", false);
        settings.put("threads", 2);
        settings.put("memory_limit", 128);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            for (String sql : duck.statements(settings)) {
                st.execute(sql);
            }
            assertThat(setting(st, "threads")).isEqualTo("2");
            assertThat(setting(st, "preserve_insertion_order")).isEqualTo("false");
            assertThat(setting(st, "memory_limit")).isEqualTo("128.0 MiB");
        }
    }

    private static String setting(Statement st, String name) throws Exception {
        try (ResultSet rs = st.executeQuery("SELECT current_setting('" + name + "')")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
