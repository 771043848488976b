package io.tunescope.engine;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The one registry of engines. Adding an engine is one class implementing {@link Engine} and one line in
 * {@link #ALL}; each command then accepts it by what the engine declares it can do, never by a list of names.
 */
public final class Engines {
    private static final Engine GENERIC = new GenericJdbcEngine();
    private static final List<Engine> ALL = List.of(
            new DuckDbEngine(),
            new PostgresEngine(),
            GENERIC,
            new DerbyEngine(),
            new H2Engine(),
            new HsqldbEngine(),
            new SqliteEngine(),
            new MariaDbEngine());
    /** The monitor has always called the generic engine so: its classifier knows no product, only thread names. */
    private static final String GENERIC_MONITOR_NAME = "generic";
    private static final EngineSet ALL_BY_ID = set("be used", e -> true, Engine::id);

    private Engines() {
    }

    public static List<Engine> all() {
        return ALL;
    }

    /** Any registered engine by its id. */
    public static Engine byId(String id) {
        return ALL_BY_ID.byId(id);
    }

    /** Engines that can be a TPC-H tenant ({@code run}, experiment plans). */
    public static EngineSet tenants() {
        return set("host a TPC-H tenant", e -> e.tenantLifecycle().isPresent(), Engine::id);
    }

    /** Engines the scale lab can run ({@code scale}). */
    public static EngineSet scaleLab() {
        return set("run in the scale lab", e -> e.scaleLifecycle().isPresent(), Engine::id);
    }

    /** Engines with a knob catalog ({@code knobs}, tuning targets). */
    public static EngineSet tunable() {
        return set("be tuned (it has no knob catalog)", e -> !e.knobs().isEmpty(), Engine::id);
    }

    /** Engines that can be the database tier of a service (the web shop's {@code --database}). */
    public static EngineSet serviceTiers() {
        return set("be a service's database tier", e -> e.serviceTier().isPresent(), Engine::id);
    }

    /** Engines whose processes {@code monitor} can attach to; the generic engine under the monitor's name for it. */
    public static EngineSet monitored() {
        return set("be monitored as a process of its own", Engine::ownProcess,
                e -> e.equals(GENERIC) ? GENERIC_MONITOR_NAME : e.id());
    }

    /** The engine a JDBC URL names by its subprotocol ({@code jdbc:postgresql:...}); the generic engine otherwise. */
    public static Engine ofJdbcUrl(String url) {
        String lower = url.toLowerCase(Locale.ROOT);
        for (Engine engine : ALL) {
            Optional<String> subprotocol = engine.jdbcSubprotocol();
            if (subprotocol.isPresent() && lower.startsWith("jdbc:" + subprotocol.get() + ":")) {
                return engine;
            }
        }
        return GENERIC;
    }

    static Optional<Engine> find(String id) {
        return ALL.stream().filter(e -> e.id().equals(id)).findFirst();
    }

    private static EngineSet set(String purpose, Predicate<Engine> filter, Function<Engine, String> name) {
        Map<String, Engine> byName = new LinkedHashMap<>();
        for (Engine engine : ALL) {
            if (filter.test(engine) && byName.put(name.apply(engine), engine) != null) {
                throw new IllegalStateException("two engines named " + name.apply(engine));
            }
        }
        return new EngineSet(purpose, byName);
    }
}
