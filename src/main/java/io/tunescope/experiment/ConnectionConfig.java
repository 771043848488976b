package io.tunescope.experiment;

import io.tunescope.BadInputException;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;

import java.nio.file.Path;

/**
 * Which engine a run drives and how it is reached: for {@code jdbc} the URL and user of an existing database, the
 * password read from the environment variable {@code passwordEnv} (never held here); for {@code postgres} where its
 * binaries are ({@code pgBin}, null to look them up).
 */
public record ConnectionConfig(Engine engine, String url, String dbUser, String passwordEnv, Path pgBin) {
    public ConnectionConfig {
        if (engine == null) {
            throw BadInputException.of("engine", null, "is required");
        }
        if (engine.tenantRunsAs(Lifecycle.EXTERNAL) && (url == null || url.isBlank())) {
            throw BadInputException.of("url", url, "is required with --engine jdbc");
        }
        if (!engine.tenantRunsAs(Lifecycle.EXTERNAL) && url != null) {
            throw BadInputException.of("url", "(given)", "only applies to --engine jdbc");
        }
    }

    /** An engine tunescope starts itself, with nothing to connect to. */
    public static ConnectionConfig of(Engine engine) {
        return new ConnectionConfig(engine, null, null, null, null);
    }

    /** The password, read from {@code passwordEnv} now; null when none is named or set. */
    public String readPassword() {
        return passwordEnv == null ? null : System.getenv(passwordEnv);
    }

    public ConnectionConfig withUrl(String value) {
        return new ConnectionConfig(engine, value, dbUser, passwordEnv, pgBin);
    }

    public ConnectionConfig withPgBin(Path value) {
        return new ConnectionConfig(engine, url, dbUser, passwordEnv, value);
    }
}
