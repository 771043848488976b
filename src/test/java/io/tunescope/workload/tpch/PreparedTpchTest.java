package io.tunescope.workload.tpch;

import io.tunescope.store.DataCache;
import io.tunescope.store.Json;
import io.tunescope.store.PreparedManifest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Load once, reuse everywhere: the prepared copy is built once, reused, checked, and rebuilt when bad or stale. */
class PreparedTpchTest {
    private static final double SF = 0.01;

    /** Built once for the class: every build of SF 0.01 costs seconds, so the tests copy this one around. */
    @TempDir
    static Path built;
    private static PreparedTpch.Result first;
    private static long rowsGenerated;

    @TempDir
    Path dir;

    @BeforeAll
    static void buildOnce() throws Exception {
        AtomicLong generated = new AtomicLong();
        first = PreparedTpch.ensureDuckDb(new DataCache(built), SF, 2, generated::addAndGet);
        rowsGenerated = generated.get();
    }

    @Test
    void buildsOnceThenReusesWithoutGeneratingAndCopiesCheckedRowsIntoATenant() throws Exception {
        assertThat(first.built()).isTrue();
        assertThat(rowsGenerated).isEqualTo(first.copy().rows()).isGreaterThan(80_000);
        assertThat(first.copy().rowsByTable()).containsEntry("orders", 15_000L).containsEntry("region", 5L)
                .containsKey("lineitem");
        long fileModified = Files.getLastModifiedTime(Path.of(first.copy().file())).toMillis();

        AtomicLong generated = new AtomicLong();
        PreparedTpch.Result second = PreparedTpch.ensureDuckDb(new DataCache(built), SF, 2, generated::addAndGet);
        assertThat(second.built()).isFalse();
        assertThat(generated.get()).as("the second set-up generated no row").isZero();
        assertThat(second.copy()).isEqualTo(first.copy());
        assertThat(Files.getLastModifiedTime(Path.of(second.copy().file())).toMillis()).isEqualTo(fileModified);

        try (Connection tenant = DriverManager.getConnection("jdbc:duckdb:")) {
            assertThat(second.copy().copyInto(tenant)).isEqualTo(rowsGenerated);
            assertThat(count(tenant, "lineitem")).isEqualTo(second.copy().rowsByTable().get("lineitem"));
        }
    }

    @Test
    void aCopyIsValidOnlyWithItsKeyItsManifestsRowsAndAReadableFile() throws Exception {
        DataCache cache = new DataCache(dir);
        String key = key();
        Path file = copyBuiltInto(cache);
        assertThat(PreparedTpch.validCopy(cache, file, key)).isNotNull();
        assertThat(PreparedTpch.validCopy(cache, file, "0123456789ab")).as("another version key").isNull();

        Path manifestFile = cache.manifest(file);
        PreparedManifest manifest = Json.read(manifestFile, PreparedManifest.class);
        Map<String, Long> wrong = new LinkedHashMap<>(manifest.rowsByTable());
        wrong.put("orders", 14_999L);
        Json.writeAtomically(manifestFile, new PreparedManifest(manifest.key(), manifest.engine(),
                manifest.scaleFactor(), wrong, manifest.buildMillis(), manifest.createdAt()));
        assertThat(PreparedTpch.validCopy(cache, file, key)).as("rows other than the manifest's").isNull();

        Json.writeAtomically(manifestFile, manifest);
        Files.write(file, new byte[]{1, 2, 3, 4, 5, 6, 7, 8});
        assertThat(PreparedTpch.validCopy(cache, file, key)).as("a corrupt file").isNull();
        Files.delete(manifestFile);
        assertThat(PreparedTpch.validCopy(cache, file, key)).as("no manifest").isNull();
    }

    @Test
    void aCorruptCopyIsBuiltAgainAndStaleVersionsAreRemoved() throws Exception {
        DataCache cache = new DataCache(dir);
        Path file = copyBuiltInto(cache);
        Path stale = cache.copy("duckdb", SF, "0123456789ab", "duckdb");
        Files.copy(file, stale);
        Files.copy(cache.manifest(file), cache.manifest(stale));
        Files.write(file, new byte[]{1, 2, 3, 4, 5, 6, 7, 8});

        PreparedTpch.Result again = PreparedTpch.ensureDuckDb(cache, SF, 2, rows -> { });
        assertThat(again.built()).isTrue();
        assertThat(again.copy().rowsByTable()).isEqualTo(first.copy().rowsByTable());
        assertThat(stale).doesNotExist();
        assertThat(cache.manifest(stale)).doesNotExist();
        assertThat(PreparedTpch.validCopy(cache, file, key())).isNotNull();
    }

    private static String key() throws SQLException {
        return PreparedTpch.versionKey(SF, PreparedTpch.duckDbVersion());
    }

    /** Copies the class's built file and manifest into {@code cache}; returns the copy's path there. */
    private static Path copyBuiltInto(DataCache cache) throws Exception {
        cache.create();
        Path source = Path.of(first.copy().file());
        Path target = cache.tpch().resolve(source.getFileName());
        Files.copy(source, target);
        Files.copy(new DataCache(built).manifest(source), cache.manifest(target));
        return target;
    }

    @Test
    void theVersionKeyFollowsTheEngineVersionAndTheScaleFactor() {
        String key = PreparedTpch.versionKey(SF, "v1.4.4");
        assertThat(key).hasSize(12).isEqualTo(PreparedTpch.versionKey(SF, "v1.4.4"));
        assertThat(PreparedTpch.versionKey(SF, "v1.5.0")).isNotEqualTo(key);
        assertThat(PreparedTpch.versionKey(0.02, "v1.4.4")).isNotEqualTo(key);
    }

    @Test
    void aTenantCopyWithOtherRowsThanTheGeneratorMadeFails() throws Exception {
        Map<String, Long> wrong = new LinkedHashMap<>(first.copy().rowsByTable());
        wrong.put("lineitem", wrong.get("lineitem") + 1);
        PreparedCopy lying = new PreparedCopy(first.copy().file(), wrong);
        try (Connection tenant = DriverManager.getConnection("jdbc:duckdb:")) {
            assertThatThrownBy(() -> lying.copyInto(tenant)).isInstanceOf(SQLException.class)
                    .hasMessageContaining("rows in lineitem where the generator made");
        }
    }

    private static long count(Connection connection, String table) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
