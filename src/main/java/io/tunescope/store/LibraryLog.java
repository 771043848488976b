package io.tunescope.store;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Where the libraries' own warnings go (HikariCP's pool and leak warnings, Jetty's, the JDBC drivers'): in a
 * performance tool they are signal, so they are kept, at WARN and above, in {@code tunescope.log} of the first
 * results directory a command opens in this JVM ({@link ResultsDir#createOutput}); before that, and in a JVM that
 * opens none, on stderr (simplelogger.properties).
 */
public final class LibraryLog {

    /** SLF4J simple binding's setting; read once, when the first library asks for a logger. */
    static final String LOG_FILE_PROPERTY = "org.slf4j.simpleLogger.logFile";
    public static final String FILE_NAME = "tunescope.log";

    private static final AtomicBoolean DIRECTED = new AtomicBoolean();

    private LibraryLog() {
    }

    /**
     * Sends library warnings to {@code dir}/tunescope.log, unless this JVM already chose a place (an earlier results
     * directory, or the user's own {@code -Dorg.slf4j.simpleLogger.logFile}). The binding opens the file when a
     * library first logs, so a run whose libraries never warn leaves none; a library that logged before this call
     * keeps logging to stderr.
     */
    public static void directTo(Path dir) {
        if (System.getProperty(LOG_FILE_PROPERTY) == null && DIRECTED.compareAndSet(false, true)) {
            System.setProperty(LOG_FILE_PROPERTY, dir.toAbsolutePath().resolve(FILE_NAME).toString());
        }
    }
}
