package io.tunescope.tune.command;

import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.study.PostgresStudy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code tune --study postgres}: a private PostgreSQL instance holding the study, in {@code DIR/study-postgres/},
 * on loopback with a password that lives only in this process (and the environment of child tuners it starts).
 * It is stopped when closed and, through {@link PostgresServer}'s watcher, when this JVM dies. Unlike the
 * instances that measure workloads it keeps {@code fsync} and synchronous commits on: it is a durable log.
 */
public final class PrivateStudyServer implements AutoCloseable {
    /** What the instance adds to the private server's settings, which favour speed over durability. */
    static final List<String> DURABLE = List.of("fsync = on", "synchronous_commit = on", "full_page_writes = on");

    private final PostgresServer server;

    private PrivateStudyServer(PostgresServer server) {
        this.server = server;
    }

    /** Starts the instance under {@code home} (its data in {@code home/pgdata}). */
    public static PrivateStudyServer start(Path home) throws IOException, InterruptedException {
        return new PrivateStudyServer(PostgresServer.start(PostgresBinaries.locate(null), home, null, DURABLE));
    }

    /** The study {@code name} on this instance. */
    public PostgresStudy study(String name) {
        return new PostgresStudy(server.jdbcUrl(), server.user(), server.password(), name);
    }

    public String jdbcUrl() {
        return server.jdbcUrl();
    }

    public String user() {
        return server.user();
    }

    /** Hand it on only through a child's environment. */
    public String password() {
        return server.password();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
