package io.tunescope.cli;

import picocli.CommandLine.Option;

/**
 * {@code tune}'s study-store options: where the trials are recorded when not in the output directory's journal. The
 * password comes only from an environment variable (as {@link PasswordEnvOption}'s), never from the command line.
 */
public final class StudyOptions {
    public static final String PASSWORD_DEFAULT = "TUNESCOPE_STUDY_PASSWORD";

    @Option(names = "--study", paramLabel = "URL|postgres", description = "Record the trials in a PostgreSQL study "
            + "store that several tuner processes, on several hosts, may share: jdbc:postgresql://HOST:PORT/DB, or "
            + "'postgres' for a private instance under the output directory (stopped at the end).")
    String study;

    @Option(names = "--study-name", paramLabel = "NAME", description = "The study's name in the store (default: the "
            + "output directory's name).")
    String name;

    @Option(names = "--study-user", paramLabel = "USER", description = "The study store's user (default: the URL's "
            + "user= parameter).")
    String user;

    @Option(names = "--study-password-env", paramLabel = "VAR", defaultValue = PASSWORD_DEFAULT,
            description = "Environment variable holding the study store's password (default: ${DEFAULT-VALUE}). "
                    + "Never taken on the command line, printed or stored.")
    String passwordVariable;

    /** The password, read from the variable now; null when it is not set. */
    String password() {
        return passwordVariable == null ? null : System.getenv(passwordVariable);
    }
}
