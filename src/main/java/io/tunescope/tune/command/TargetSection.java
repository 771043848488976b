package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.config.DurationText;
import io.tunescope.config.JdbcUrls;
import io.tunescope.config.LocatedYaml;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.knob.ApplyMethod;
import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.Knob;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.engine.knob.KnobType;
import io.tunescope.tune.database.DatabaseTargetSpec;
import io.tunescope.tune.database.Objective;
import io.tunescope.tune.database.ServerMode;
import io.tunescope.tune.space.EnumParam;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.Param;
import io.tunescope.tune.space.RealParam;
import io.tunescope.tune.space.SearchSpace;
import io.tunescope.workload.WorkloadDefinition;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code target:} section of a tuning file (a database running a TPC-H workload) and its parameters, which name
 * knobs of the engine's catalog: type, range, default and special values come from the catalog unless the file
 * narrows them, and every value the file gives is checked by the knob's own rule.
 */
final class TargetSection {
    static final Set<String> KEYS = Set.of("engine", "workload", "scaleFactor", "users", "warmupIterations",
            "measure", "iterations", "cooldown", "objective", "revalidate", "pgBin", "url", "server");
    static final Set<String> KNOB_PARAM_KEYS = Set.of("name", "min", "max", "step", "log", "default", "values");
    static final Set<String> WORKLOAD_KEYS = Set.of("name", "workload", "users", "scaleFactor");
    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private final LocatedYaml yaml;

    TargetSection(LocatedYaml yaml) {
        this.yaml = yaml;
    }

    DatabaseTargetSpec spec(Map<String, Object> t, Path base, Duration timeout, int repeats) {
        for (String k : t.keySet()) {
            if (!KEYS.contains(k)) {
                throw yaml.error("target." + k, k, "is not a known key; expected one of " + new TreeSet<>(KEYS));
            }
        }
        Engine engine = at("target.engine", () -> Engines.tunable().byId(text(t, "engine", null)));
        WorkloadDefinition workload = at("target.workload",
                () -> WorkloadDefinition.parse(text(t, "workload", "sequence"), false));
        double sf = number(t, "scaleFactor", 0.01);
        int users = (int) number(t, "users", 1);
        Duration measure = t.containsKey("measure")
                ? at("target.measure", () -> DurationText.parse("measure", text(t, "measure", null))) : null;
        int iterations = t.containsKey("iterations") ? (int) number(t, "iterations", 1) : measure == null ? 1 : 0;
        Duration cooldown = at("target.cooldown", () -> DurationText.parseNonNegative("cooldown",
                text(t, "cooldown", "0s")));
        Objective objective = at("target.objective", () -> Objective.parse(text(t, "objective", "geomean")));
        int revalidate = (int) number(t, "revalidate", DatabaseTargetSpec.MIN_REVALIDATE_RUNS);
        Path pgBin = t.containsKey("pgBin") ? base.resolve(text(t, "pgBin", null)) : null;
        ServerMode server = at("target.server", () -> ServerMode.parse(t.containsKey("server")
                ? text(t, "server", null) : null, engine));
        return at("target", () -> new DatabaseTargetSpec(engine, workload, sf, users,
                (int) number(t, "warmupIterations", 1), measure, iterations, cooldown, timeout, objective, repeats,
                revalidate, pgBin, server));
    }

    /**
     * {@code engine: jdbc} names a server tunescope neither starts nor stops (at {@code target.url}): a restart-only
     * knob could never be applied to it, so a file that tunes one is bad input, said while the file is read, before
     * any trial. The knobs are those of the engine the URL names. Other files pass on unchanged.
     */
    void refuseRestartOnUnmanagedServer(Map<String, Object> t, Object parameters) {
        Engine engine = at("target.engine", () -> Engines.byId(text(t, "engine", null)));
        if (!engine.tenantRunsAs(Lifecycle.EXTERNAL) || !(parameters instanceof List<?> list)) {
            return;
        }
        if (!t.containsKey("url")) {
            throw yaml.error("target.url", "missing", "is required with engine " + engine.id()
                    + ": the JDBC URL of the server to tune");
        }
        String url = text(t, "url", null);
        KnobCatalog catalog = Engines.ofJdbcUrl(url).knobs();
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) instanceof Map<?, ?> p && p.get("name") != null) {
                String path = "parameters[" + i + "].name";
                Knob knob = at(path, () -> catalog.knob(String.valueOf(p.get("name"))));
                if (knob.apply() == ApplyMethod.RESTART) {
                    throw yaml.error(path, knob.name(), "is restart-only on " + catalog.engine() + " and the server "
                            + "at target.url (" + JdbcUrls.redact(url) + ") is not managed by tunescope (engine "
                            + engine.id() + "), which cannot restart it: tune it on a private instance (engine: "
                            + catalog.engine() + ") or leave it out");
                }
            }
        }
    }

    /**
     * The {@code workloads:} list of a session tuned for several workloads: each entry overrides the target's
     * {@code workload}, {@code users} and {@code scaleFactor} and has a file-name-safe {@code name} (by default the
     * workload, e.g. {@code single-Q1}, with {@code -4u} when its user count differs from the target's).
     */
    List<TuningFile.Workload> workloads(List<?> raw, DatabaseTargetSpec base) {
        if (base.server() == ServerMode.PERSISTENT) {
            throw yaml.error("workloads", raw.size() + " entries", "cannot be combined with target.server: persistent "
                    + "yet (one session's server serves one workload); use server: fresh");
        }
        if (raw.size() < 2) {
            throw yaml.error("workloads", raw.size() + " entries", "must list at least 2 workloads (or none)");
        }
        List<TuningFile.Workload> out = new ArrayList<>();
        Set<String> names = new TreeSet<>();
        for (int i = 0; i < raw.size(); i++) {
            String path = "workloads[" + i + "]";
            if (!(raw.get(i) instanceof Map<?, ?> m)) {
                throw yaml.error(path, raw.get(i), "must be a mapping with keys " + new TreeSet<>(WORKLOAD_KEYS));
            }
            for (Object k : m.keySet()) {
                if (!WORKLOAD_KEYS.contains(String.valueOf(k))) {
                    throw yaml.error(path + "." + k, k, "is not a known key; expected one of "
                            + new TreeSet<>(WORKLOAD_KEYS));
                }
            }
            WorkloadDefinition w = m.containsKey("workload") ? at(path + ".workload",
                    () -> WorkloadDefinition.parse(String.valueOf(m.get("workload")), false)) : base.workload();
            int users = m.containsKey("users") ? whole(m.get("users"), path + ".users", 1) : base.users();
            double sf = m.containsKey("scaleFactor") ? positive(m.get("scaleFactor"), path + ".scaleFactor")
                    : base.scaleFactor();
            String name = m.containsKey("name") ? String.valueOf(m.get("name"))
                    : w.toString().replace(':', '-') + (users == base.users() ? "" : "-" + users + "u");
            if (!NAME.matcher(name).matches()) {
                throw yaml.error(path + ".name", name, "must be 1 to 64 letters, digits, '.', '_' or '-'");
            }
            if (!names.add(name)) {
                throw yaml.error(path + ".name", name, "is already the name of another workload");
            }
            out.add(new TuningFile.Workload(name, base.withWorkload(w, users, sf)));
        }
        return out;
    }

    private int whole(Object v, String path, int min) {
        if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && n.longValue() >= min
                && n.longValue() <= Integer.MAX_VALUE) {
            return n.intValue();
        }
        throw yaml.error(path, v, "must be a whole number of at least " + min);
    }

    private double positive(Object v, String path) {
        if (v instanceof Number n && n.doubleValue() > 0) {
            return n.doubleValue();
        }
        throw yaml.error(path, v, "must be a number above 0");
    }

    /** A parameter naming a knob of {@code catalog}; the knob's rule checks every value the file gives. */
    Param knobParam(KnobCatalog catalog, Map<String, Object> p, String path, int users) {
        for (String k : p.keySet()) {
            if (!KNOB_PARAM_KEYS.contains(k)) {
                throw yaml.error(path + "." + k, k, "is not a known key of a catalog knob; expected one of "
                        + new TreeSet<>(KNOB_PARAM_KEYS) + " (type and range come from the catalog)");
            }
        }
        Knob knob = at(path + ".name", () -> catalog.knob(String.valueOf(p.get("name"))));
        String name = knob.name();
        Object def = p.containsKey("default") ? check(knob, p.get("default"), path + ".default")
                : knob.equals(Catalogs.USERS) ? (Object) (long) users : knob.defaultValue();
        return at(path, () -> switch (knob.type()) {
            case INT, SIZE -> intParam(knob, p, path, clampable(catalog, knob, p), def);
            case REAL -> realParam(knob, p, path, clampable(catalog, knob, p), def);
            case BOOL -> EnumParam.bool(name, (Boolean) def);
            case ENUM -> new EnumParam(name, enumValues(knob, p, path), false, def);
        });
    }

    /**
     * Whether the engine's default may be moved into the file's range: only when the file gives no {@code default}
     * and the catalog's default follows the machine (DuckDB's {@code threads} is its core count), which a file
     * written on one machine cannot know. Any other default outside the file's range stays bad input: the default
     * configuration is measured first, and a file that narrows the range past a fixed default is a mistake.
     */
    private static boolean clampable(KnobCatalog catalog, Knob knob, Map<String, Object> p) {
        return !p.containsKey("default") && Catalogs.defaultFollowsMachine(catalog.engine(), knob.name());
    }

    /**
     * An integer or size knob. When {@link #clampable} and the file's range leaves the engine's default out, the
     * default trial runs the nearest value of the range instead; the {@code tune} command says so when it starts
     * ({@link #clampedDefaults}).
     */
    private IntParam intParam(Knob knob, Map<String, Object> p, String path, boolean clampable, Object def) {
        List<Long> specials = new ArrayList<>();
        knob.special().forEach(s -> specials.add(((Number) s).longValue()));
        boolean log = p.containsKey("log") ? Boolean.TRUE.equals(p.get("log")) : knob.type() == KnobType.SIZE;
        long min = bound(knob, p, "min", path).longValue();
        long max = bound(knob, p, "max", path).longValue();
        long step = step(p, path);
        Long d = def == null ? null : ((Number) def).longValue();
        if (d != null && clampable && !specials.contains(d) && (d < min || d > max) && step >= 1 && min <= max) {
            d = d < min ? min : min + (max - min) / step * step;
        }
        return new IntParam(knob.name(), min, max, step, log, specials, d);
    }

    /** A real knob; an engine default outside the file's range is clamped as for {@link #intParam}. */
    private RealParam realParam(Knob knob, Map<String, Object> p, String path, boolean clampable, Object def) {
        double min = bound(knob, p, "min", path).doubleValue();
        double max = bound(knob, p, "max", path).doubleValue();
        Double d = def == null ? null : ((Number) def).doubleValue();
        if (d != null && clampable && min <= max) {
            d = Math.max(min, Math.min(max, d));
        }
        return new RealParam(knob.name(), min, max, Boolean.TRUE.equals(p.get("log")), d);
    }

    /**
     * For each parameter of {@code space} that names a knob of {@code catalog} whose engine default lies outside the
     * parameter's range: a line saying which value the default trial runs instead.
     */
    public static List<String> clampedDefaults(KnobCatalog catalog, SearchSpace space) {
        List<String> lines = new ArrayList<>();
        for (Param param : space.params()) {
            if (!catalog.has(param.name()) || param.defaultValue() == null) {
                continue;
            }
            Object engineDefault = catalog.knob(param.name()).defaultValue();
            boolean outside = param instanceof IntParam i ? !i.specials().contains(number(engineDefault))
                    && (number(engineDefault) < i.min() || number(engineDefault) > i.max())
                    : param instanceof RealParam r && (((Number) engineDefault).doubleValue() < r.min()
                    || ((Number) engineDefault).doubleValue() > r.max());
            if (outside && engineDefault instanceof Number e && param.defaultValue() instanceof Number d) {
                lines.add(param.name() + ": the default trial runs " + d + ", not the engine's default " + e
                        + ", which lies outside the file's range");
            }
        }
        return lines;
    }

    private static long number(Object v) {
        return v instanceof Number n ? n.longValue() : Long.MIN_VALUE;
    }

    /** The file's {@code min} or {@code max}, checked by the knob's rule, or the catalog's. */
    private Number bound(Knob knob, Map<String, Object> p, String key, String path) {
        if (p.containsKey(key)) {
            return (Number) check(knob, p.get(key), path + "." + key);
        }
        return key.equals("min") ? knob.min() : knob.max();
    }

    private long step(Map<String, Object> p, String path) {
        Object raw = p.getOrDefault("step", 1L);
        if (raw instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return n.longValue();
        }
        throw yaml.error(path + ".step", raw, "must be a whole number");
    }

    private List<Object> enumValues(Knob knob, Map<String, Object> p, String path) {
        if (!(p.get("values") instanceof List<?> given)) {
            return new ArrayList<>(knob.values());
        }
        List<Object> out = new ArrayList<>();
        for (Object v : given) {
            out.add(check(knob, v, path + ".values"));
        }
        return out;
    }

    private Object check(Knob knob, Object value, String path) {
        return at(path, () -> knob.validate(value));
    }

    private String text(Map<String, Object> t, String key, String fallback) {
        return text(yaml, t, key, fallback);
    }

    /** {@code target.key} as text (a number is its text), or {@code fallback} when absent and not null. */
    static String text(LocatedYaml yaml, Map<String, Object> t, String key, String fallback) {
        return text(yaml, "target", t, key, fallback);
    }

    /** The text at {@code key} of the section at {@code prefix} ({@code target}, {@code cluster.shop}). */
    static String text(LocatedYaml yaml, String prefix, Map<String, Object> t, String key, String fallback) {
        Object v = t.get(key);
        if (v == null && fallback != null) {
            return fallback;
        }
        if (v instanceof String || v instanceof Number) {
            return String.valueOf(v);
        }
        throw yaml.error(prefix + "." + key, v == null ? "missing" : v, "must be a text");
    }

    private double number(Map<String, Object> t, String key, double fallback) {
        Object v = t.getOrDefault(key, fallback);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw yaml.error("target." + key, v, "must be a number");
    }

    private <T> T at(String path, java.util.function.Supplier<T> body) {
        try {
            return body.get();
        } catch (BadInputException e) {
            if (e.getMessage().startsWith(yaml.fileName() + ":")) {
                throw e;
            }
            throw yaml.at(path, e);
        }
    }
}
