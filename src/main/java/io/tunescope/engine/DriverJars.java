package io.tunescope.engine;

import io.tunescope.BadInputException;
import io.tunescope.config.JdbcUrls;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.List;
import java.util.Properties;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Logger;

/**
 * A user's JDBC driver jar ({@code --driver-jar PATH}), loaded from that path only through its own class loader,
 * checked to hold a driver for the URL before any work, and registered so that every connection this JVM opens for
 * the URL uses it; child JVMs (forks, tenant agents) get the jar on their class path ({@link #classPath}).
 */
public final class DriverJars {
    private static final List<Path> LOADED = new CopyOnWriteArrayList<>();

    private DriverJars() {
    }

    /**
     * Loads the drivers of {@code jar} and registers the one that accepts {@code url}; bad input, in one line, when
     * the jar is missing, unreadable, or has no driver for the URL (named with its password masked).
     */
    public static void load(Path jar, String url) {
        if (!Files.isRegularFile(jar)) {
            throw BadInputException.of("--driver-jar", jar, Files.exists(jar) ? "must be a jar file, not a directory"
                    : "does not exist");
        }
        if (url == null) {
            throw BadInputException.of("--driver-jar", jar, "needs --url (the database its driver connects to)");
        }
        Driver found = null;
        try {
            // never closed: the driver's classes are used for as long as this JVM runs
            URLClassLoader loader = new URLClassLoader(new URL[] {jar.toAbsolutePath().toUri().toURL()},
                    DriverJars.class.getClassLoader());
            for (Driver d : ServiceLoader.load(Driver.class, loader)) {
                if (d.getClass().getClassLoader() == loader && d.acceptsURL(url)) {
                    found = d;
                    break;
                }
            }
            if (found == null) {
                throw BadInputException.of("--driver-jar", jar, "holds no JDBC driver that accepts "
                        + JdbcUrls.redact(url));
            }
            DriverManager.registerDriver(new Delegate(found));
        } catch (IOException | SQLException | ServiceConfigurationError | LinkageError e) {
            throw BadInputException.of("--driver-jar", jar, "cannot be read as a JDBC driver jar ("
                    + String.valueOf(e.getMessage()).replace('\n', ' ') + ")");
        }
        LOADED.add(jar.toAbsolutePath());
    }

    /** The class path of a child JVM: this JVM's, then every loaded driver jar. */
    public static String classPath() {
        StringBuilder path = new StringBuilder(System.getProperty("java.class.path"));
        for (Path jar : LOADED) {
            path.append(File.pathSeparator).append(jar);
        }
        return path.toString();
    }

    /**
     * DriverManager hands out only drivers whose class the caller's class loader can see; this wrapper, loaded by
     * tunescope's own loader, passes every call to the user's driver.
     */
    private record Delegate(Driver driver) implements Driver {
        @Override
        public Connection connect(String url, Properties info) throws SQLException {
            return driver.connect(url, info);
        }

        @Override
        public boolean acceptsURL(String url) throws SQLException {
            return driver.acceptsURL(url);
        }

        @Override
        public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
            return driver.getPropertyInfo(url, info);
        }

        @Override
        public int getMajorVersion() {
            return driver.getMajorVersion();
        }

        @Override
        public int getMinorVersion() {
            return driver.getMinorVersion();
        }

        @Override
        public boolean jdbcCompliant() {
            return driver.jdbcCompliant();
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            return driver.getParentLogger();
        }
    }
}
