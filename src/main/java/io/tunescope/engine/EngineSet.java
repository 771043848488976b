package io.tunescope.engine;

import io.tunescope.BadInputException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The engines one command accepts, under the names it accepts them by. A lookup error lists exactly these names
 * and, when the name is a known engine that cannot do what this command needs, says so.
 */
public final class EngineSet {
    private final String purpose;
    private final SortedMap<String, Engine> byName;

    /** {@code purpose} completes "ENGINE cannot ...", e.g. {@code host a TPC-H tenant}. */
    EngineSet(String purpose, Map<String, Engine> byName) {
        this.purpose = purpose;
        this.byName = new TreeMap<>(byName);
    }

    /** The engine this command accepts under {@code name} (case and surrounding blanks ignored). */
    public Engine byId(String name) {
        return lookup("engine", name, names().toString());
    }

    /**
     * As {@link #byId}, for a setting named otherwise ({@code field}, e.g. {@code database}): the error lists the
     * names as {@code a, b, c}.
     */
    public Engine byId(String field, String name) {
        return lookup(field, name, String.join(", ", names()));
    }

    private Engine lookup(String field, String name, String names) {
        Engine engine = name == null ? null : byName.get(normalized(name));
        if (engine == null) {
            throw BadInputException.of(field, name, rule(name, names));
        }
        return engine;
    }

    public boolean contains(Engine engine) {
        return byName.containsValue(engine);
    }

    /** The accepted names, sorted. */
    public List<String> names() {
        return new ArrayList<>(byName.keySet());
    }

    /** The part of this set whose engines also pass {@code filter}, which does {@code purpose}. */
    public EngineSet where(String purpose, Predicate<Engine> filter) {
        Map<String, Engine> kept = new TreeMap<>();
        byName.forEach((name, engine) -> {
            if (filter.test(engine)) {
                kept.put(name, engine);
            }
        });
        return new EngineSet(purpose, kept);
    }

    private String rule(String name, String names) {
        String rule = "must be one of " + names;
        Optional<Engine> known = name == null ? Optional.empty() : Engines.find(normalized(name));
        if (known.isPresent() && !contains(known.get())) {
            rule += "; " + known.get().id() + " cannot " + purpose + " yet";
        }
        return rule;
    }

    static String normalized(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }
}
