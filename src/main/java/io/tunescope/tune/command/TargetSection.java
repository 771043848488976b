package io.tunescope.tune.command;

import io.tunescope.config.JdbcUrls;
import io.tunescope.config.YamlSection;
import io.tunescope.config.YamlValue;
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
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The {@code target:} section of a tuning file (a database running a TPC-H workload) and its parameters, which name
 * knobs of the engine's catalog: type, range, default and special values come from the catalog unless the file
 * narrows them, and every value the file gives is checked by the knob's own rule.
 */
final class TargetSection {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final int ANY_MIN = Integer.MIN_VALUE;
    private static final int ANY_MAX = Integer.MAX_VALUE;

    DatabaseTargetSpec spec(YamlSection t, Path base, Duration timeout, int repeats) {
        Engine engine = t.parsed("engine", null, Engines.tunable()::byId);
        WorkloadDefinition workload = t.parsed("workload", "sequence", w -> WorkloadDefinition.parse(w, false));
        double sf = t.number("scaleFactor", 0.01);
        int users = t.integer("users", 1, ANY_MIN, ANY_MAX);
        Duration measure = t.duration("measure", null);
        int iterations = t.integer("iterations", measure == null ? 1 : 0, ANY_MIN, ANY_MAX);
        Duration cooldown = t.durationOrZero("cooldown", Duration.ZERO);
        Objective objective = t.parsed("objective", "geomean", Objective::parse);
        int revalidate = t.integer("revalidate", DatabaseTargetSpec.MIN_REVALIDATE_RUNS, ANY_MIN, ANY_MAX);
        String pgBin = t.textOrNull("pgBin");
        ServerMode server = t.at("server", () -> ServerMode.parse(t.textOrNull("server"), engine));
        int warmup = t.integer("warmupIterations", 1, ANY_MIN, ANY_MAX);
        t.value("url"); // read by refuseRestartOnUnmanagedServer when the engine needs it
        t.end();
        return t.at("", () -> new DatabaseTargetSpec(engine, workload, sf, users, warmup, measure, iterations,
                cooldown, timeout, objective, repeats, revalidate, pgBin == null ? null : base.resolve(pgBin), server));
    }

    /**
     * {@code engine: jdbc} names a server tunescope neither starts nor stops (at {@code target.url}): a restart-only
     * knob could never be applied to it, so a file that tunes one is bad input, said while the file is read, before
     * any trial. The knobs are those of the engine the URL names. Other files pass on unchanged.
     */
    void refuseRestartOnUnmanagedServer(YamlSection t, YamlValue parameters) {
        Engine engine = t.parsed("engine", null, Engines::byId);
        if (!engine.tenantRunsAs(Lifecycle.EXTERNAL) || !parameters.node().isArray()) {
            return;
        }
        if (!t.has("url")) {
            throw t.error("url", "missing", "is required with engine " + engine.id()
                    + ": the JDBC URL of the server to tune");
        }
        String url = t.text("url", null);
        KnobCatalog catalog = Engines.ofJdbcUrl(url).knobs();
        for (YamlValue item : parameters.items()) {
            YamlValue name = item.isMapping() ? item.section().value("name") : item;
            if (item.isMapping() && name.present()) {
                Knob knob = name.at(() -> catalog.knob(name.node().asText()));
                if (knob.apply() == ApplyMethod.RESTART) {
                    throw name.error(knob.name(), "is restart-only on " + catalog.engine() + " and the server "
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
    List<TuningFile.Workload> workloads(YamlValue list, DatabaseTargetSpec base) {
        List<YamlValue> raw = list.items();
        if (base.server() == ServerMode.PERSISTENT) {
            throw list.error(raw.size() + " entries", "cannot be combined with target.server: persistent "
                    + "yet (one session's server serves one workload); use server: fresh");
        }
        if (raw.size() < 2) {
            throw list.error(raw.size() + " entries", "must list at least 2 workloads (or none)");
        }
        List<TuningFile.Workload> out = new ArrayList<>();
        Set<String> names = new TreeSet<>();
        for (YamlValue item : raw) {
            YamlSection m = item.section();
            WorkloadDefinition w = m.has("workload")
                    ? m.parsed("workload", null, text -> WorkloadDefinition.parse(text, false)) : base.workload();
            int users = m.integer("users", base.users(), 1, ANY_MAX);
            double sf = m.has("scaleFactor") ? m.value("scaleFactor").positive() : base.scaleFactor();
            String name = m.text("name", w.toString().replace(':', '-')
                    + (users == base.users() ? "" : "-" + users + "u"));
            m.end();
            if (!NAME.matcher(name).matches()) {
                throw m.error("name", name, "must be 1 to 64 letters, digits, '.', '_' or '-'");
            }
            if (!names.add(name)) {
                throw m.error("name", name, "is already the name of another workload");
            }
            out.add(new TuningFile.Workload(name, base.withWorkload(w, users, sf)));
        }
        return out;
    }

    /** A parameter naming a knob of {@code catalog}; the knob's rule checks every value the file gives. */
    Param knobParam(KnobCatalog catalog, YamlSection p, int users) {
        p.describedAs("of a catalog knob (type and range come from the catalog)");
        Knob knob = p.at("name", () -> catalog.knob(p.text("name", null)));
        String name = knob.name();
        Object def = p.has("default") ? check(knob, p.value("default"))
                : knob.equals(Catalogs.USERS) ? (Object) (long) users : knob.defaultValue();
        return p.at("", () -> switch (knob.type()) {
            case INT, SIZE -> intParam(knob, p, clampable(catalog, knob, p), def);
            case REAL -> realParam(knob, p, clampable(catalog, knob, p), def);
            case BOOL -> EnumParam.bool(name, (Boolean) def);
            case ENUM -> new EnumParam(name, enumValues(knob, p), false, def);
        });
    }

    /**
     * Whether the engine's default may be moved into the file's range: only when the file gives no {@code default}
     * and the catalog's default follows the machine (DuckDB's {@code threads} is its core count), which a file
     * written on one machine cannot know. Any other default outside the file's range stays bad input: the default
     * configuration is measured first, and a file that narrows the range past a fixed default is a mistake.
     */
    private static boolean clampable(KnobCatalog catalog, Knob knob, YamlSection p) {
        return !p.has("default") && Catalogs.defaultFollowsMachine(catalog.engine(), knob.name());
    }

    /**
     * An integer or size knob. When {@link #clampable} and the file's range leaves the engine's default out, the
     * default trial runs the nearest value of the range instead; the {@code tune} command says so when it starts
     * ({@link #clampedDefaults}).
     */
    private IntParam intParam(Knob knob, YamlSection p, boolean clampable, Object def) {
        List<Long> specials = new ArrayList<>();
        knob.special().forEach(s -> specials.add(((Number) s).longValue()));
        boolean log = p.bool("log", knob.type() == KnobType.SIZE);
        long min = bound(knob, p, "min").longValue();
        long max = bound(knob, p, "max").longValue();
        long step = p.longInteger("step", 1, Long.MIN_VALUE, Long.MAX_VALUE);
        Long d = def == null ? null : ((Number) def).longValue();
        if (d != null && clampable && !specials.contains(d) && (d < min || d > max) && step >= 1 && min <= max) {
            d = d < min ? min : min + (max - min) / step * step;
        }
        return new IntParam(knob.name(), min, max, step, log, specials, d);
    }

    /** A real knob; an engine default outside the file's range is clamped as for {@link #intParam}. */
    private RealParam realParam(Knob knob, YamlSection p, boolean clampable, Object def) {
        double min = bound(knob, p, "min").doubleValue();
        double max = bound(knob, p, "max").doubleValue();
        Double d = def == null ? null : ((Number) def).doubleValue();
        if (d != null && clampable && min <= max) {
            d = Math.max(min, Math.min(max, d));
        }
        return new RealParam(knob.name(), min, max, p.bool("log", false), d);
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
    private static Number bound(Knob knob, YamlSection p, String key) {
        YamlValue v = p.value(key);
        if (v.present()) {
            return (Number) check(knob, v);
        }
        return key.equals("min") ? knob.min() : knob.max();
    }

    private static List<Object> enumValues(Knob knob, YamlSection p) {
        YamlValue given = p.value("values");
        if (!given.present()) {
            return new ArrayList<>(knob.values());
        }
        List<Object> out = new ArrayList<>();
        for (YamlValue v : given.items()) {
            out.add(check(knob, v));
        }
        return out;
    }

    private static Object check(Knob knob, YamlValue value) {
        return value.at(() -> knob.validate(value.plain()));
    }
}
