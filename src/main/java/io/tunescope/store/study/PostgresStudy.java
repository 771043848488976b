package io.tunescope.store.study;

import io.tunescope.BadInputException;
import io.tunescope.config.JdbcUrls;
import io.tunescope.store.JournalLine;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * A study in a PostgreSQL database ({@code jdbc:postgresql://HOST:PORT/DB}): the tables are created if missing
 * ({@link StudySchema}), the study is a row keyed by its name that holds the header, each trial a row keyed by (study,
 * trial number). Several tuner processes, on several hosts, may write one study at once: see
 * {@link PostgresStudyStore} for how trial numbers are claimed exactly once. The password comes from the caller
 * (an environment variable), never from the URL, and is never part of a message.
 */
public final class PostgresStudy implements StudyLocation {
    /** What a study name may hold: it names a row, a directory and a log line. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    private static final Pattern URL = Pattern.compile("jdbc:postgresql://[^/?#\\s]+/[^?#\\s]+(\\?[^#\\s]*)?");

    private final String url;
    private final String user;
    private final String password;
    private final String name;

    /**
     * Checks every argument: {@code url} must be a PostgreSQL JDBC URL naming a database and holding no password;
     * {@code user} may be null when the URL names one; {@code name} is the study's name.
     */
    public PostgresStudy(String url, String user, String password, String name) {
        if (url == null || !URL.matcher(url).matches()) {
            throw BadInputException.of("--study", JdbcUrls.redact(url), "must be a PostgreSQL JDBC URL "
                    + "jdbc:postgresql://HOST:PORT/DATABASE (or 'postgres' for a private instance)");
        }
        if (!JdbcUrls.redact(url).equals(url)) {
            throw BadInputException.of("--study", JdbcUrls.redact(url), "must not hold a password (the password "
                    + "comes from an environment variable only)");
        }
        checkName(name);
        this.url = url;
        this.user = user;
        this.password = password;
        this.name = name;
    }

    /** Bad input unless {@code name} can name a study. */
    public static String checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw BadInputException.of("--study-name", name, "must be 1 to 100 letters, digits, '.', '_' or '-', "
                    + "starting with a letter or digit");
        }
        return name;
    }

    public String name() {
        return name;
    }

    @Override
    public StudyStore create(JournalLine.Session header) {
        return open(header, false);
    }

    /**
     * Creates the study if it is missing, or joins it if it exists with the same header (bad input otherwise): how
     * several tuner processes started at once share one study.
     */
    public StudyStore join(JournalLine.Session header) {
        return open(header, true);
    }

    private StudyStore open(JournalLine.Session header, boolean joinExisting) {
        Connection c = connect();
        try {
            StudySchema.ensure(c);
            boolean created;
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO tunescope_study (name, header) "
                    + "VALUES (?, ?) ON CONFLICT (name) DO NOTHING")) {
                ps.setString(1, name);
                ps.setString(2, header.toJson());
                created = ps.executeUpdate() == 1;
            }
            c.commit();
            PostgresStudyStore store = new PostgresStudyStore(c, name, describe());
            if (!created && !joinExisting) {
                store.close();
                throw BadInputException.of("--study-name", name, "already exists in " + JdbcUrls.redact(url)
                        + "; use --resume to continue it");
            }
            if (!created && !store.header().equals(header)) {
                store.close();
                throw BadInputException.of("--study-name", name, "exists in " + JdbcUrls.redact(url)
                        + " with another header (strategy, seed, direction or space)");
            }
            return store;
        } catch (SQLException e) {
            closeQuietly(c);
            throw new IllegalStateException("study " + describe() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public StudyStore reopen() {
        Connection c = connect();
        try {
            StudySchema.ensure(c);
            PostgresStudyStore store = new PostgresStudyStore(c, name, describe());
            if (!store.exists()) {
                store.close();
                throw BadInputException.of("--study-name", name, "is not a study in " + JdbcUrls.redact(url)
                        + " (nothing to resume)");
            }
            return store;
        } catch (SQLException e) {
            closeQuietly(c);
            throw new IllegalStateException("study " + describe() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The rounds table of the partitioning run named by this study's name (the comparison): how a controller and
     * the tuner processes of its work lines exchange configurations and WIPS ({@link PostgresRounds}).
     */
    public PostgresRounds rounds() {
        Connection c = connect();
        try {
            StudySchema.ensure(c);
            return new PostgresRounds(c, name, describe());
        } catch (SQLException e) {
            closeQuietly(c);
            throw new IllegalStateException("rounds of " + describe() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String describe() {
        return "study " + name + " in " + JdbcUrls.redact(url);
    }

    /** A connection in manual-commit mode; bad input naming the URL when the server cannot be reached or refuses. */
    private Connection connect() {
        Properties p = new Properties();
        if (user != null) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password);
        }
        p.setProperty("connectTimeout", "10");
        p.setProperty("ApplicationName", "tunescope study " + name);
        try {
            Connection c = DriverManager.getConnection(url, p);
            c.setAutoCommit(false);
            return c;
        } catch (SQLException e) {
            String state = String.valueOf(e.getSQLState());
            String why = state.startsWith("28") ? "refused the login (user " + (user == null ? "from the URL" : user)
                    + "; the password comes from the environment)"
                    : state.startsWith("3D") ? "names a database that does not exist"
                    : "cannot be reached (" + firstLine(e.getMessage()) + ")";
            throw BadInputException.of("--study", JdbcUrls.redact(url), why);
        }
    }

    private static String firstLine(String message) {
        String m = String.valueOf(message);
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // the connection is being given up after an error already reported
        }
    }
}
