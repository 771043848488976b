package io.tunescope.tune.database;

import io.tunescope.BadInputException;
import io.tunescope.engine.Engine;

import java.util.Arrays;
import java.util.Locale;

/**
 * How a tuning session runs the database server ({@code target.server} of a tuning file): a fresh private server per
 * trial with the configuration in its files ({@code fresh}, the default), or one private server for the whole session,
 * loaded once, to which each trial's configuration is applied live ({@code persistent}: {@code ALTER SYSTEM}, then a
 * reload or, for restart-only knobs, a restart). Persistent is for PostgreSQL, where the load per trial is the cost.
 */
public enum ServerMode {
    FRESH, PERSISTENT;

    /** The mode a tuning file names ({@code fresh} when absent), checked against the engine. */
    public static ServerMode parse(String text, Engine engine) {
        ServerMode mode = text == null ? FRESH : Arrays.stream(values()).filter(m -> m.label().equals(
                text.trim().toLowerCase(Locale.ROOT))).findFirst().orElseThrow(() -> BadInputException.of(
                "target.server", text, "must be fresh (a new server per trial) or persistent (one server per session, "
                        + "each configuration applied live)"));
        if (mode == PERSISTENT && !engine.liveSettings()) {
            // the engines whose running server takes a new configuration
            throw BadInputException.of("target.server", text, "is for engine " + String.join(", ",
                    io.tunescope.engine.Engines.all().stream().filter(Engine::liveSettings).map(Engine::id).toList())
                    + " only, not " + engine.id());
        }
        return mode;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
