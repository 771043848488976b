package io.tunescope;

/**
 * Input or configuration that breaks a rule. The message names the field, the value and the rule,
 * e.g. {@code users (0) must be at least 1}; its {@link #outcome()} is {@link Outcome#BAD_INPUT}, which the CLI prints
 * on one line and turns into that outcome's exit code.
 */
public class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
        super(message);
    }

    public BadInputException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Builds the house message shape: {@code field (value) rule}. */
    public static BadInputException of(String field, Object value, String rule) {
        return new BadInputException(field + " (" + value + ") " + rule);
    }

    /** Always {@link Outcome#BAD_INPUT}: the kind of failure this exception reports, for layers that record it. */
    public Outcome outcome() {
        return Outcome.BAD_INPUT;
    }
}
