package io.tunescope.cli;

import picocli.CommandLine.Option;

/**
 * {@code --password-env}: the name of the environment variable that holds the database password. A password on the
 * command line would show in {@code ps} and in shell history, so no command takes one.
 */
public final class PasswordEnvOption {
    public static final String DEFAULT = "TUNESCOPE_PASSWORD";

    @Option(names = "--password-env", paramLabel = "VAR", defaultValue = DEFAULT,
            description = "Environment variable holding the database password (default: ${DEFAULT-VALUE}). "
                    + "Passwords are never taken on the command line, printed or stored.")
    String variable;

    /** The variable's name. */
    public String variable() {
        return variable;
    }

    /** The password, read from the variable now; null when the variable is not set. */
    public String password() {
        return variable == null ? null : System.getenv(variable);
    }
}
