package io.tunescope.shop.stack;

import io.tunescope.Progress;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.proxy.ProxyKnobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The database tier's knobs on a stack that starts with them (a fresh stack per trial): written into the server's
 * configuration after the tier's own lines, and in effect when read back from the running server.
 */
class LiveStackDatabaseKnobsTest {
    private static final ShopTiers ONE_NODE = new ShopTiers(ShopTiers.NONE, 0, ProxyKnobs.DEFAULTS, null, 1, 1);

    private static LiveStack start(String kind, Map<String, Object> settings, Path dir) throws Exception {
        LiveStack.Settings s = new LiveStack.Settings(ProxyKnobs.DEFAULTS, AppKnobs.DEFAULTS,
                ShopCatalogs.databaseSettings(kind, settings));
        return LiveStack.start(kind, null, new ShopScale(1_000, 2, 100), 1, ONE_NODE, s, false, dir, Progress.NONE);
    }

    private static String read(LiveStack stack, String query) throws Exception {
        ShopDatabase db = stack.database().database();
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void mariaDbStartsWithTheTrialsSettings(@TempDir Path dir) throws Exception {
        try (LiveStack stack = start("mariadb", Map.of("sort_buffer_size", 4096L, "join_cache_level", 4L), dir)) {
            assertThat(read(stack, "SELECT @@sort_buffer_size")).isEqualTo(String.valueOf(4096L * 1024));
            assertThat(read(stack, "SELECT @@join_cache_level")).isEqualTo("4");
            assertThat(read(stack, "SELECT @@max_connections")).as("the stack's own").isEqualTo("200");
        }
    }

    @Test
    void postgresStartsWithTheTrialsSettings(@TempDir Path dir) throws Exception {
        try (LiveStack stack = start("postgres", Map.of("shared_buffers", 64L, "work_mem", 8192L), dir)) {
            assertThat(read(stack, "SHOW shared_buffers")).as("after the tier's own 128MB").isEqualTo("64MB");
            assertThat(read(stack, "SHOW work_mem")).isEqualTo("8MB");
            assertThat(read(stack, "SHOW max_connections")).isEqualTo("200");
        }
    }
}
