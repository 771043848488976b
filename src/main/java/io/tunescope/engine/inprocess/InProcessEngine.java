package io.tunescope.engine.inprocess;

import io.tunescope.BadInputException;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Engines that run inside the benchmark JVM, each with an in-memory database and a default statement that is valid
 * on it ({@code VALUES 1} where the dialect allows it, {@code SELECT 1} elsewhere).
 */
public enum InProcessEngine {
    DERBY("derby", "jdbc:derby:memory:tunescope-scale;create=true", "VALUES 1"),
    H2("h2", "jdbc:h2:mem:tunescope-scale;DB_CLOSE_DELAY=-1", "VALUES 1"),
    HSQLDB("hsqldb", "jdbc:hsqldb:mem:tunescope-scale", "VALUES 1"),
    DUCKDB("duckdb", "jdbc:duckdb:", "SELECT 1"),
    SQLITE("sqlite", "jdbc:sqlite:file:tunescope-scale?mode=memory&cache=shared", "SELECT 1");

    private final String cliName;
    private final String url;
    private final String defaultStatement;

    InProcessEngine(String cliName, String url, String defaultStatement) {
        this.cliName = cliName;
        this.url = url;
        this.defaultStatement = defaultStatement;
    }

    public String cliName() {
        return cliName;
    }

    public String defaultStatement() {
        return defaultStatement;
    }

    public ConnectionSpec connectionSpec() {
        return ConnectionSpec.ofUrl(cliName, url);
    }

    /** Engine-wide setup before the first connection: Derby writes derby.log into {@code workDir}, not the cwd. */
    public void prepare(Path workDir) {
        if (this == DERBY && System.getProperty("derby.stream.error.file") == null) {
            System.setProperty("derby.stream.error.file", workDir.resolve("derby.log").toAbsolutePath().toString());
        }
    }

    /** Drops the in-memory Derby database so a later run starts clean; other engines drop theirs on last close. */
    public static void release(ConnectionSpec spec) {
        if (!spec.engine().equals(DERBY.cliName)) {
            return;
        }
        try {
            DriverManager.getConnection("jdbc:derby:memory:tunescope-scale;drop=true").close();
        } catch (SQLException expected) {
            // Derby reports a successful drop as SQLState 08006
        }
    }

    public static InProcessEngine byName(String name) {
        for (InProcessEngine e : values()) {
            if (e.cliName.equals(name.toLowerCase(Locale.ROOT))) {
                return e;
            }
        }
        throw BadInputException.of("engine", name, "is not an in-process engine (one of " + names() + ")");
    }

    public static boolean isInProcess(String name) {
        return Arrays.stream(values()).anyMatch(e -> e.cliName.equalsIgnoreCase(name));
    }

    public static String names() {
        return Arrays.stream(values()).map(InProcessEngine::cliName).collect(Collectors.joining(", "));
    }
}
