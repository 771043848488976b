package io.tunescope.monitor.role;

import io.tunescope.BadInputException;

import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;

/** The classifiers registered per engine name (in code, never by class name in config). */
public final class RoleClassifiers {
    private static final Map<String, Supplier<RoleClassifier>> BY_ENGINE = Map.of(
            "duckdb", DuckDbClassifier::new,
            "postgres", PostgresClassifier::new,
            "mariadb", () -> new MariaDbClassifier(Map.of()),
            "generic", NameBasedClassifier::new);

    private RoleClassifiers() {
    }

    public static RoleClassifier forEngine(String engine) {
        Supplier<RoleClassifier> factory = BY_ENGINE.get(engine);
        if (factory == null) {
            throw BadInputException.of("engine", engine, "must be one of " + new TreeSet<>(BY_ENGINE.keySet()));
        }
        return factory.get();
    }
}
