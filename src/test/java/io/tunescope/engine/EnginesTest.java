package io.tunescope.engine;

import io.tunescope.BadInputException;
import io.tunescope.monitor.role.DuckDbClassifier;
import io.tunescope.store.Json;
import io.tunescope.monitor.role.MariaDbClassifier;
import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.monitor.role.PostgresClassifier;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EnginesTest {
    @Test
    void everyEngineHasOneIdAndTheRegistryFindsIt() {
        List<String> ids = Engines.all().stream().map(Engine::id).toList();
        assertThat(ids).containsExactlyInAnyOrder("duckdb", "postgres", "jdbc", "derby", "h2", "hsqldb", "sqlite",
                "mariadb").doesNotHaveDuplicates();
        for (Engine engine : Engines.all()) {
            assertThat(Engines.byId(engine.id())).isSameAs(engine);
        }
        assertThat(Engines.byId(" DuckDB ")).isEqualTo(new DuckDbEngine()).isNotEqualTo(new PostgresEngine());
    }

    @Test
    void anUnknownIdNamesTheValueAndEveryEngine() {
        assertThatThrownBy(() -> Engines.byId("oracle")).isInstanceOf(BadInputException.class)
                .hasMessage("engine (oracle) must be one of [derby, duckdb, h2, hsqldb, jdbc, mariadb, postgres, "
                        + "sqlite]");
        assertThatThrownBy(() -> Engines.byId(null)).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("engine (null) must be one of");
    }

    @Test
    void jsonWritesAndReadsAnEngineAsItsId() throws Exception {
        record Holder(Engine engine) {
        }
        String json = Json.MAPPER.writeValueAsString(new Holder(Engines.byId("postgres")));
        assertThat(Json.MAPPER.readTree(json).get("engine").asText()).isEqualTo("postgres");
        assertThat(Json.MAPPER.readValue(json, Holder.class).engine()).isSameAs(Engines.byId("postgres"));
    }

    @Test
    void dialectsAndDefaultStatements() {
        assertThat(dialectAndStatement("duckdb")).isEqualTo(List.of(SqlDialect.DUCKDB, "SELECT 1"));
        assertThat(dialectAndStatement("postgres")).isEqualTo(List.of(SqlDialect.POSTGRES, "SELECT 1"));
        assertThat(dialectAndStatement("jdbc")).isEqualTo(List.of(SqlDialect.GENERIC, "SELECT 1"));
        assertThat(dialectAndStatement("mariadb")).isEqualTo(List.of(SqlDialect.MARIADB, "SELECT 1"));
        assertThat(dialectAndStatement("sqlite")).isEqualTo(List.of(SqlDialect.GENERIC, "SELECT 1"));
        assertThat(dialectAndStatement("derby")).isEqualTo(List.of(SqlDialect.GENERIC, "VALUES 1"));
        assertThat(dialectAndStatement("h2")).isEqualTo(List.of(SqlDialect.GENERIC, "VALUES 1"));
        assertThat(dialectAndStatement("hsqldb")).isEqualTo(List.of(SqlDialect.GENERIC, "VALUES 1"));
    }

    private static List<Object> dialectAndStatement(String id) {
        Engine engine = Engines.byId(id);
        return List.of(engine.dialect(), engine.defaultStatement());
    }

    @Test
    void eachEngineHandsOutItsOwnClassifierEveryTime() {
        assertThat(Engines.byId("duckdb").threadRoles()).isInstanceOf(DuckDbClassifier.class);
        assertThat(Engines.byId("postgres").threadRoles()).isInstanceOf(PostgresClassifier.class);
        assertThat(Engines.byId("mariadb").threadRoles()).isInstanceOf(MariaDbClassifier.class);
        for (String id : List.of("jdbc", "derby", "h2", "hsqldb", "sqlite")) {
            assertThat(Engines.byId(id).threadRoles()).as(id).isInstanceOf(NameBasedClassifier.class);
        }
        Engine duck = Engines.byId("duckdb");
        assertThat(duck.threadRoles()).isNotSameAs(duck.threadRoles());
    }

    @Test
    void lifecycles() {
        assertThat(lifecycles("duckdb")).containsExactly(Optional.of(Lifecycle.AGENT_HOSTED),
                Optional.of(Lifecycle.IN_CONTROLLER));
        assertThat(lifecycles("postgres")).containsExactly(Optional.of(Lifecycle.PRIVATE_SERVER),
                Optional.of(Lifecycle.PRIVATE_SERVER));
        assertThat(lifecycles("jdbc")).containsExactly(Optional.of(Lifecycle.EXTERNAL),
                Optional.of(Lifecycle.EXTERNAL));
        assertThat(lifecycles("mariadb")).containsExactly(Optional.of(Lifecycle.PRIVATE_SERVER), Optional.empty());
        assertThat(lifecycles("h2")).containsExactly(Optional.of(Lifecycle.AGENT_HOSTED),
                Optional.of(Lifecycle.IN_CONTROLLER));
        for (String id : List.of("derby", "h2", "hsqldb", "sqlite")) {
            if (!id.equals("h2")) {
                assertThat(lifecycles(id)).as(id).containsExactly(Optional.empty(),
                        Optional.of(Lifecycle.IN_CONTROLLER));
            }
            assertThat(Engines.byId(id).inMemoryUrl()).as(id).startsWith("jdbc:" + id + ":");
        }
        assertThat(Engines.byId("duckdb").tenantRunsAs(Lifecycle.AGENT_HOSTED)).isTrue();
        assertThat(Engines.byId("duckdb").scaleRunsAs(Lifecycle.AGENT_HOSTED)).isFalse();
        assertThatThrownBy(() -> Engines.byId("postgres").inMemoryUrl())
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void theEnginesATenantAgentCanHostAreDuckDbAndH2() {
        List<String> hosted = Engines.all().stream().filter(e -> e.tenantRunsAs(Lifecycle.AGENT_HOSTED))
                .map(Engine::id).toList();
        assertThat(hosted).as("TenantDatabase opens DuckDB and H2 for an agent-hosted tenant: another engine needs "
                + "its own opening code there first").containsExactly("duckdb", "h2");
    }

    @Test
    void everyPrivateServerEngineHasAServerProductAndOnlyPostgresRunsInTheScaleLab() {
        List<String> tenants = Engines.all().stream().filter(e -> e.tenantRunsAs(Lifecycle.PRIVATE_SERVER))
                .map(Engine::id).toList();
        assertThat(tenants).as("TpchRunner starts these through engine/server/PrivateServers")
                .containsExactlyInAnyOrderElementsOf(io.tunescope.engine.server.PrivateServers.engines());
        List<String> scale = Engines.all().stream().filter(e -> e.scaleRunsAs(Lifecycle.PRIVATE_SERVER))
                .map(Engine::id).toList();
        assertThat(scale).as("EngineChoice starts PostgreSQL for a scale-lab server: another engine needs its own "
                + "start and stop code there first").containsExactly("postgres");
    }

    private static List<Optional<Lifecycle>> lifecycles(String id) {
        Engine engine = Engines.byId(id);
        return List.of(engine.tenantLifecycle(), engine.scaleLifecycle());
    }

    @Test
    void everyCommandAcceptsTheEnginesItAlwaysHas() {
        assertThat(Engines.tenants().names()).containsExactly("duckdb", "h2", "jdbc", "mariadb", "postgres");
        assertThat(Engines.scaleLab().names()).containsExactly("derby", "duckdb", "h2", "hsqldb", "jdbc", "postgres",
                "sqlite");
        assertThat(Engines.monitored().names()).containsExactly("duckdb", "generic", "mariadb", "postgres");
        assertThat(Engines.monitored().byId("generic")).isEqualTo(Engines.byId("jdbc"));
    }

    @Test
    void aCommandRejectsWhatItCannotUseAndSaysWhy() {
        assertThatThrownBy(() -> Engines.monitored().byId("oracle")).isInstanceOf(BadInputException.class)
                .hasMessage("engine (oracle) must be one of [duckdb, generic, mariadb, postgres]");
        assertThatThrownBy(() -> Engines.tenants().byId("sqlite"))
                .hasMessage("engine (sqlite) must be one of [duckdb, h2, jdbc, mariadb, postgres]; sqlite cannot host a "
                        + "TPC-H tenant yet");
        assertThatThrownBy(() -> Engines.scaleLab().byId("mariadb"))
                .hasMessage("engine (mariadb) must be one of [derby, duckdb, h2, hsqldb, jdbc, postgres, sqlite]; "
                        + "mariadb cannot run in the scale lab yet");
        assertThatThrownBy(() -> Engines.tenants().byId("derby")).hasMessageEndingWith(
                "derby cannot host a TPC-H tenant yet");
        assertThatThrownBy(() -> Engines.monitored().byId("jdbc"))
                .hasMessage("engine (jdbc) must be one of [duckdb, generic, mariadb, postgres]");
    }

    @Test
    void aJdbcUrlNamesItsEngineOrTheGenericOne() {
        assertThat(Engines.ofJdbcUrl("jdbc:duckdb:").dialect()).isEqualTo(SqlDialect.DUCKDB);
        assertThat(Engines.ofJdbcUrl("JDBC:PostgreSQL://127.0.0.1:5432/tpch")).isEqualTo(Engines.byId("postgres"));
        assertThat(Engines.ofJdbcUrl("jdbc:postgresql://h/db").dialect()).isEqualTo(SqlDialect.POSTGRES);
        assertThat(Engines.ofJdbcUrl("jdbc:mariadb://h/db").id()).isEqualTo("mariadb");
        assertThat(Engines.ofJdbcUrl("jdbc:h2:mem:x").id()).isEqualTo("h2");
        assertThat(Engines.ofJdbcUrl("jdbc:mysql://h/db")).isEqualTo(Engines.byId("jdbc"));
        assertThat(Engines.ofJdbcUrl("jdbc:postgresqlx://h/db").dialect()).isEqualTo(SqlDialect.GENERIC);
    }
}
