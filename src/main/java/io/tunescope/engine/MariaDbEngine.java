package io.tunescope.engine;

import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.monitor.role.MariaDbClassifier;
import io.tunescope.monitor.role.RoleClassifier;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * MariaDB as a private server: tunescope runs mariadb-install-db, starts it on loopback and always stops and deletes
 * it, one instance per TPC-H tenant ({@code engine/mariadb}). Not a scale-lab engine yet. A MariaDB server reached by
 * URL is the generic engine's, and speaks this engine's dialect.
 */
final class MariaDbEngine extends DeclaredEngine {
    MariaDbEngine() {
        super(EngineFacts.ownProcess("mariadb", SqlDialect.MARIADB,
                Optional.of(Lifecycle.PRIVATE_SERVER), Optional.empty(), Optional.of("mariadb")),
                // thread names only: the instrument names of performance_schema need a connection to the server
                () -> new MariaDbClassifier(Map.of()));
    }

    /** The users' connection threads (named by the agent from {@code PROCESSLIST.TID}) as workers; the rest engine. */
    @Override
    public RoleClassifier threadRoles(Collection<Integer> connectionTasks) {
        return connectionTasks.isEmpty() ? threadRoles() : MariaDbClassifier.withConnections(connectionTasks);
    }

    @Override
    public KnobCatalog knobs() {
        return Catalogs.mariadb();
    }

    @Override
    public Optional<Lifecycle> serviceTier() {
        return Optional.of(Lifecycle.PRIVATE_SERVER);
    }

    /**
     * After tunescope's own settings: as many connections as PostgreSQL's tier allows, the same memory for pages as its
     * shared_buffers, and READ COMMITTED, PostgreSQL's default isolation, so that both tiers run the same work with the
     * same guarantees (InnoDB's default REPEATABLE READ takes gap locks that PostgreSQL has not).
     */
    @Override
    public List<String> serviceTierSettings() {
        return List.of("max_connections = 200", "innodb_buffer_pool_size = 128M",
                "transaction-isolation = READ-COMMITTED");
    }
}
