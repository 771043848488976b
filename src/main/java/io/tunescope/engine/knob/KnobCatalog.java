package io.tunescope.engine.knob;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.tunescope.BadInputException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;

/**
 * The knobs of one engine that a tuner may set, and how settings are written for it ({@link KnobSyntax}). Every
 * setting passes {@link #validate} before it is rendered; names in statements and snippets come only from the
 * catalog's own knobs, never from the caller's map keys.
 */
public record KnobCatalog(String engine, KnobSyntax syntax, List<Knob> knobs) {
    public KnobCatalog {
        knobs = List.copyOf(knobs);
        if (knobs.stream().map(Knob::name).distinct().count() != knobs.size()) {
            throw new IllegalArgumentException("two knobs of " + engine + " share a name");
        }
    }

    /** A catalog with no knobs, for engines tunescope cannot tune yet. */
    public static KnobCatalog empty(String engine) {
        return new KnobCatalog(engine, KnobSyntax.CLIENT, List.of());
    }

    /**
     * The knob named {@code name}.
     *
     * @throws BadInputException when this catalog has no such knob
     */
    public Knob knob(String name) {
        return knobs.stream().filter(k -> k.name().equals(name)).findFirst()
                .orElseThrow(() -> BadInputException.of("knob", name, "is not in the " + engine + " catalog; known: "
                        + knobs.stream().map(Knob::name).toList()));
    }

    public boolean has(String name) {
        return knobs.stream().anyMatch(k -> k.name().equals(name));
    }

    /** Each setting checked against its knob, in the catalog's order, as canonical values. */
    public Map<String, Object> validate(Map<String, ?> settings) {
        settings.keySet().forEach(this::knob);
        Map<String, Object> out = new LinkedHashMap<>();
        for (Knob k : knobs) {
            if (settings.containsKey(k.name())) {
                out.put(k.name(), k.validate(settings.get(k.name())));
            }
        }
        return out;
    }

    /** The SQL statements that apply the engine-side settings (client knobs are the driver's, not SQL). */
    public List<String> statements(Map<String, ?> settings) {
        return engineSide(settings, syntax::statement);
    }

    /** Configuration file lines (or statements, where the engine has no file) of the engine-side settings. */
    public List<String> configLines(Map<String, ?> settings) {
        return engineSide(settings, syntax::configLine);
    }

    /** Each engine-side setting (not a client knob) rendered from its name and its literal. */
    private List<String> engineSide(Map<String, ?> settings, BinaryOperator<String> render) {
        List<String> out = new ArrayList<>();
        validate(settings).forEach((name, value) -> {
            Knob k = knob(name);
            if (k.apply() != ApplyMethod.CLIENT) {
                out.add(render.apply(k.name(), k.literal(value, syntax)));
            }
        });
        return out;
    }

    /** Ready-to-use text for a user: the configuration lines, one per line. */
    public String snippet(Map<String, ?> settings) {
        return String.join("\n", configLines(settings)) + (settings.isEmpty() ? "" : "\n");
    }

    /** Whether any of the settings takes a restart (or a reopen of the database) to take effect. */
    public boolean needsRestart(Map<String, ?> settings) {
        return settings.keySet().stream().anyMatch(n -> knob(n).apply() == ApplyMethod.RESTART);
    }

    @JsonIgnore
    public boolean isEmpty() {
        return knobs.isEmpty();
    }
}
