package io.tunescope.tune.space;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** A value for every knob of a space, in the space's parameter order. */
public record Configuration(@JsonValue Map<String, Object> values) {
    public Configuration {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public Object get(String name) {
        return values.get(name);
    }

    /** A canonical text form, used as the cache key: equal configurations have equal keys. */
    public String key() {
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(","));
    }

    @Override
    public String toString() {
        return "{" + key() + "}";
    }
}
