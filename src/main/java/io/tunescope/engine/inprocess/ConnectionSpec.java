package io.tunescope.engine.inprocess;

import io.tunescope.BadInputException;
import io.tunescope.engine.Engine;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;

/**
 * How to reach one tenant over JDBC: engine name (for reports), URL, optional user and password. Serializable as
 * JSON so a forked benchmark JVM can open the same tenant.
 */
public record ConnectionSpec(String engine, String url, String user, String password) {
    public ConnectionSpec {
        Objects.requireNonNull(engine, "engine");
        if (url == null || !url.startsWith("jdbc:")) {
            throw BadInputException.of("url", url, "must start with jdbc:");
        }
    }

    public static ConnectionSpec ofUrl(String engine, String url) {
        return new ConnectionSpec(engine, url, null, null);
    }

    /** The in-memory database of an engine that runs in this JVM. */
    public static ConnectionSpec inMemory(Engine engine) {
        return ofUrl(engine.id(), engine.inMemoryUrl());
    }

    /** Opens a new connection; each benchmark user gets its own. */
    public Connection open() throws SQLException {
        return user == null ? DriverManager.getConnection(url) : DriverManager.getConnection(url, user, password);
    }

    /** The URL with any password parameter masked, for reports. */
    public String displayUrl() {
        return io.tunescope.config.JdbcUrls.redact(url);
    }
}
