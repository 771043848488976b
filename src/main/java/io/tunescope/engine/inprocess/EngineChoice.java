package io.tunescope.engine.inprocess;

import io.tunescope.BadInputException;

import java.nio.file.Path;

/**
 * What {@code --engine} (and {@code --url}) name: a connection, the engine's default statement, and for an
 * in-process engine the setup and release around a run. {@code jdbc} takes any URL; {@code postgres} (a private
 * instance) is not available on this branch yet.
 */
public record EngineChoice(ConnectionSpec spec, String defaultStatement, InProcessEngine inProcess) {

    public static EngineChoice resolve(String engine, String url, String user, String password) {
        if (engine.equalsIgnoreCase("jdbc")) {
            if (url == null) {
                throw BadInputException.of("url", null, "is required with --engine jdbc");
            }
            return new EngineChoice(new ConnectionSpec(engineOfUrl(url), url, user, password), "SELECT 1", null);
        }
        if (engine.equalsIgnoreCase("postgres")) {
            throw BadInputException.of("engine", engine, "is not available in this build yet (the private "
                    + "PostgreSQL instance comes with the postgres engine); use --engine jdbc --url "
                    + "jdbc:postgresql://HOST:PORT/DB");
        }
        if (!InProcessEngine.isInProcess(engine)) {
            throw BadInputException.of("engine", engine, "must be one of " + InProcessEngine.names()
                    + ", jdbc, postgres");
        }
        InProcessEngine e = InProcessEngine.byName(engine);
        ConnectionSpec spec = url == null ? e.connectionSpec() : new ConnectionSpec(e.cliName(), url, user, password);
        return new EngineChoice(spec, e.defaultStatement(), e);
    }

    /** {@code jdbc:postgresql://...} reports as {@code postgresql}. */
    static String engineOfUrl(String url) {
        String[] parts = url.split(":", 3);
        return parts.length >= 2 && !parts[1].isEmpty() ? parts[1] : "jdbc";
    }

    public void prepare(Path outDir) {
        if (inProcess != null) {
            inProcess.prepare(outDir);
        }
    }

    public void release() {
        if (inProcess != null) {
            InProcessEngine.release(spec);
        }
    }
}
