package io.tunescope.engine.knob;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** What kind of value a knob takes; {@code SIZE} is a whole number of the knob's unit (kB, MB, pages). */
public enum KnobType {
    INT, REAL, BOOL, ENUM, SIZE;

    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
