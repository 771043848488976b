package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One effective setting of a tenant's database as the engine reports it: {@code source} says where the value came
 * from in the engine's own words ({@code default}, {@code configuration file}, {@code CONFIG}, ...),
 * {@code defaultValue} is the engine's built-in value where it tells it, and {@code changed} whether the value differs
 * from that default. Values that may be secrets are masked here ({@link SecretMask}), so no setting ever holds one.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EngineSetting(String name, String value, String unit, String source, String defaultValue,
                            boolean changed) {
    public EngineSetting {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a setting needs a name");
        }
        value = SecretMask.value(name, value);
        defaultValue = SecretMask.value(name, defaultValue);
    }
}
