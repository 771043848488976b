package io.tunescope.workload.micro;

import io.tunescope.BadInputException;

import java.util.Locale;

/**
 * How the users of one point prepare their statement. {@code SHARED}: identical SQL text, so an engine with a
 * statement cache hands every user the same plan (DERBY-3024's slow case). {@code SEPARATE}: a unique comment per
 * user, so each compiles its own plan. {@code UNPREPARED}: a plain Statement executed with the SQL text each time.
 */
public enum PlanMode {
    SHARED, SEPARATE, UNPREPARED;

    /** The SQL text user {@code userIndex} runs; the comment goes on its own line so a trailing {@code --} can't eat it. */
    public String sqlFor(String statement, int userIndex) {
        return this == SEPARATE ? statement + "\n/* tunescope user " + userIndex + " */" : statement;
    }

    public boolean prepared() {
        return this != UNPREPARED;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PlanMode parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw BadInputException.of("mode", text, "must be one of shared, separate, unprepared");
        }
    }
}
