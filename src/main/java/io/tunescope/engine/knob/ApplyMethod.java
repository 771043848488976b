package io.tunescope.engine.knob;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * How a change of a knob reaches the engine: on the session or database handle while it runs ({@code SESSION}), by
 * re-reading the configuration ({@code RELOAD}), only by a restart of the server or a reopen of the database
 * ({@code RESTART}), or by tunescope's own driver, not the engine ({@code CLIENT}).
 */
public enum ApplyMethod {
    SESSION, RELOAD, RESTART, CLIENT;

    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
