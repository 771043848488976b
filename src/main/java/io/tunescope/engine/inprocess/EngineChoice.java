package io.tunescope.engine.inprocess;

import io.tunescope.BadInputException;
import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.engine.postgres.PostgresServer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code --engine} (and {@code --url}) name, opened for one run: a connection spec, the engine's default
 * statement, and what has to be set up and torn down around the run (an in-process engine's database; for
 * {@code postgres} a private instance, always stopped and its data deleted on {@link #close()}). {@code jdbc} takes
 * any URL.
 */
public final class EngineChoice implements AutoCloseable {
    private final ConnectionSpec spec;
    private final String defaultStatement;
    private final InProcessEngine inProcess;
    private final PostgresServer server;

    private EngineChoice(ConnectionSpec spec, String defaultStatement, InProcessEngine inProcess,
                         PostgresServer server) {
        this.spec = spec;
        this.defaultStatement = defaultStatement;
        this.inProcess = inProcess;
        this.server = server;
    }

    /** Resolves the engine and starts what it needs; {@code workDir} holds Derby's log or PostgreSQL's cluster. */
    public static EngineChoice open(String engine, String url, String user, String password, Path workDir)
            throws IOException, InterruptedException {
        if (engine.equalsIgnoreCase("jdbc")) {
            if (url == null) {
                throw BadInputException.of("url", null, "is required with --engine jdbc");
            }
            return new EngineChoice(new ConnectionSpec(engineOfUrl(url), url, user, password), "SELECT 1", null,
                    null);
        }
        if (engine.equalsIgnoreCase("postgres")) {
            PostgresServer server = PostgresServer.start(PostgresBinaries.locate(null), workDir.resolve("postgres"),
                    null, List.of());
            return new EngineChoice(new ConnectionSpec("postgres", server.jdbcUrl(), server.user(), server.password()),
                    "SELECT 1", null, server);
        }
        if (!InProcessEngine.isInProcess(engine)) {
            throw BadInputException.of("engine", engine, "must be one of " + InProcessEngine.names()
                    + ", jdbc, postgres");
        }
        InProcessEngine e = InProcessEngine.byName(engine);
        e.prepare(workDir);
        ConnectionSpec spec = url == null ? e.connectionSpec() : new ConnectionSpec(e.cliName(), url, user, password);
        return new EngineChoice(spec, e.defaultStatement(), e, null);
    }

    /** {@code jdbc:postgresql://...} reports as {@code postgresql}. */
    static String engineOfUrl(String url) {
        String[] parts = url.split(":", 3);
        return parts.length >= 2 && !parts[1].isEmpty() ? parts[1] : "jdbc";
    }

    public ConnectionSpec spec() {
        return spec;
    }

    public String defaultStatement() {
        return defaultStatement;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (inProcess != null) {
            InProcessEngine.release(spec);
        }
        if (server != null) {
            try {
                server.close();
            } finally {
                server.deleteData();
            }
        }
    }
}
