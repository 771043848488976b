package io.tunescope.cli;

import io.tunescope.engine.DriverJars;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * A database reached by its JDBC URL ({@code --engine jdbc}), the user to connect as and, where tunescope lacks its
 * driver, the driver's jar.
 */
public final class JdbcUrlOptions {
    @Option(names = "--url", paramLabel = "JDBC_URL", description = "The database to drive with --engine jdbc "
            + "(required with it).")
    String url;

    @Option(names = "--db-user", paramLabel = "NAME", description = "The user to connect to --url as (default: "
            + "none given, so the URL's or the driver's own).")
    String user;

    @Option(names = "--driver-jar", paramLabel = "PATH", description = "A JDBC driver jar for --url, loaded from this "
            + "path only (for a database whose driver tunescope does not bundle); a run's tenants get it too.")
    Path driverJar;

    /** Loads {@code --driver-jar} for {@code --url}, if given, before anything connects. */
    void loadDriver() {
        if (driverJar != null) {
            DriverJars.load(driverJar, url);
        }
    }
}
