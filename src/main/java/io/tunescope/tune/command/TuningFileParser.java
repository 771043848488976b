package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.config.LocatedYaml;
import io.tunescope.config.TextFiles;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.shop.stack.ShopCatalogs;
import io.tunescope.tune.shop.ShopTargetSpec;
import io.tunescope.store.KnowledgeBase;
import io.tunescope.tune.database.DatabaseTargetSpec;
import io.tunescope.tune.session.Aggregate;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.space.Constraint;
import io.tunescope.tune.space.EnumParam;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.Param;
import io.tunescope.tune.space.RealParam;
import io.tunescope.tune.space.SearchSpace;
import io.tunescope.tune.strategy.Strategies;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Reads and checks a {@code TUNING.yaml}; every error names the file, the line and the rule. */
public final class TuningFileParser {
    private static final Set<String> TOP_KEYS = Set.of("command", "workingDirectory", "pass", "objective",
            "timeoutSeconds", "repeats", "aggregate", "budget", "strategy", "seed", "parameters", "constraints",
            "target", "workloads", "knowledgeBase");
    private static final Set<String> PARAM_KEYS = Set.of("name", "type", "min", "max", "step", "log", "default",
            "special", "values");

    private final Path file;
    private final LocatedYaml yaml;

    private TuningFileParser(Path file, LocatedYaml yaml) {
        this.file = file;
        this.yaml = yaml;
    }

    public static TuningFile read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw BadInputException.of("tuning file", file, "does not exist or is not a file");
        }
        try {
            return parse(file, TextFiles.readUtf8(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    public static TuningFile parse(Path file, String text) {
        if (text.isBlank()) {
            throw new BadInputException(file + ":1: the file is empty");
        }
        return new TuningFileParser(file, LocatedYaml.parse(file.toString(), text, false)).tuningFile();
    }

    private TuningFile tuningFile() {
        Map<String, Object> top = yaml.map(yaml.plainRoot(), "");
        unknownKeys(top, TOP_KEYS, "");
        if (top.containsKey("target")) {
            return databaseFile(top);
        }
        for (String key : List.of("workloads", "knowledgeBase")) {
            if (top.containsKey(key)) {
                throw yaml.error(key, top.get(key), "needs a target: section (it is about a database's workloads)");
            }
        }
        Path base = file.toAbsolutePath().getParent();
        Path workDir = top.containsKey("workingDirectory")
                ? base.resolve(string(top.get("workingDirectory"), "workingDirectory")) : base;
        if (!Files.isDirectory(workDir)) {
            throw yaml.error("workingDirectory", workDir, "is not a directory");
        }
        List<String> command = command(top.get("command"), workDir);
        Map<String, Object> pass = top.containsKey("pass") ? yaml.map(top.get("pass"), "pass") : Map.of("args", "--{name}={value}");
        unknownKeys(pass, Set.of("args", "env"), "pass");
        String argFormat = pass.get("args") instanceof String s ? s : null;
        String envPrefix = pass.get("env") instanceof String s ? s : null;
        if (argFormat == null && envPrefix == null) {
            throw yaml.error("pass", pass, "must set args (e.g. '--{name}={value}') or env (a prefix such as 'TUNE_')");
        }
        if (argFormat != null && !argFormat.contains("{value}")) {
            throw yaml.error("pass.args", argFormat, "must contain {value}");
        }
        Map<String, Object> objective = yaml.map(top.get("objective"), "objective");
        unknownKeys(objective, Set.of("regex", "source", "direction"), "objective");
        String source = objective.containsKey("source") ? string(objective.get("source"), "objective.source") : "stdout";
        TuningFile.ObjectiveSource src = switch (source) {
            case "stdout" -> TuningFile.ObjectiveSource.STDOUT;
            case "time" -> TuningFile.ObjectiveSource.TIME;
            default -> throw yaml.error("objective.source", source, "must be stdout or time");
        };
        Pattern pattern = src == TuningFile.ObjectiveSource.STDOUT ? regex(objective.get("regex")) : null;
        Direction direction = wrap("objective.direction", () -> Direction.parse(
                objective.containsKey("direction") ? String.valueOf(objective.get("direction")) : "minimize"));
        double timeoutSec = number(top.getOrDefault("timeoutSeconds", 60.0), "timeoutSeconds");
        if (!(timeoutSec > 0)) {
            throw yaml.error("timeoutSeconds", timeoutSec, "must be above 0");
        }
        int repeats = integer(top.getOrDefault("repeats", 1L), "repeats", 1);
        Aggregate aggregate = wrap("aggregate", () -> Aggregate.parse(String.valueOf(top.getOrDefault("aggregate", "median"))));
        int budget = integer(top.getOrDefault("budget", 50L), "budget", 1);
        String strategy = string(top.getOrDefault("strategy", "gp"), "strategy");
        if (!Strategies.exists(strategy)) {
            throw yaml.error("strategy", strategy, "must be one of " + Strategies.names());
        }
        long seed = integer(top.getOrDefault("seed", 1L), "seed", Integer.MIN_VALUE);
        SearchSpace space = space(top, null, 0);
        return new TuningFile(file, command, workDir, argFormat != null, argFormat, envPrefix != null,
                envPrefix, src, pattern, direction, Duration.ofMillis((long) (timeoutSec * 1000)), repeats, aggregate,
                budget, strategy, seed, space, null, List.of(), null, null);
    }

    /** A file with a {@code target:} section: a database running a workload instead of a command. */
    private TuningFile databaseFile(Map<String, Object> top) {
        for (String commandKey : List.of("command", "workingDirectory", "pass", "objective")) {
            if (top.containsKey(commandKey)) {
                throw yaml.error(commandKey, top.get(commandKey), "is for tuning a command; with a target: section "
                        + "the objective is target.objective");
            }
        }
        double timeoutSec = number(top.getOrDefault("timeoutSeconds", 600.0), "timeoutSeconds");
        if (!(timeoutSec > 0)) {
            throw yaml.error("timeoutSeconds", timeoutSec, "must be above 0");
        }
        if (ShopTargetSection.isShop(yaml.map(top.get("target"), "target"))) {
            return shopFile(top, Duration.ofMillis((long) (timeoutSec * 1000)));
        }
        int repeats = integer(top.getOrDefault("repeats", 1L), "repeats", 1);
        Aggregate aggregate = wrap("aggregate", () -> Aggregate.parse(String.valueOf(top.getOrDefault("aggregate", "median"))));
        int budget = integer(top.getOrDefault("budget", 20L), "budget", 1);
        String strategy = string(top.getOrDefault("strategy", "gp"), "strategy");
        if (!Strategies.exists(strategy)) {
            throw yaml.error("strategy", strategy, "must be one of " + Strategies.names());
        }
        long seed = integer(top.getOrDefault("seed", 1L), "seed", Integer.MIN_VALUE);
        new TargetSection(yaml).refuseRestartOnUnmanagedServer(yaml.map(top.get("target"), "target"), top.get("parameters"));
        DatabaseTargetSpec target = new TargetSection(yaml).spec(yaml.map(top.get("target"), "target"),
                file.toAbsolutePath().getParent(), Duration.ofMillis((long) (timeoutSec * 1000)), repeats);
        List<TuningFile.Workload> workloads = top.containsKey("workloads")
                ? new TargetSection(yaml).workloads(yaml.list(top.get("workloads"), "workloads"), target) : List.of();
        SearchSpace space = space(top, target.engine().knobs(), target.users());
        if (!workloads.isEmpty() && space.params().stream().anyMatch(p -> p.name().equals("users"))) {
            throw yaml.error("parameters", "users", "cannot be tuned with workloads: (each workload sets its users)");
        }
        return new TuningFile(file, List.of(), file.toAbsolutePath().getParent(), false, null, false, null, null, null,
                target.objective().direction(), target.timeout(), repeats, aggregate, budget, strategy, seed,
                space, target, workloads, knowledgeBase(top), null);
    }

    /** A file whose target is the web shop ({@code engine: shop}): its parameters are the tiers' knobs. */
    private TuningFile shopFile(Map<String, Object> top, Duration timeout) {
        for (String key : List.of("workloads", "knowledgeBase", "repeats")) {
            if (top.containsKey(key)) {
                throw yaml.error(key, top.get(key), "is not supported with a shop target (engine: shop)");
            }
        }
        int budget = integer(top.getOrDefault("budget", 10L), "budget", 1);
        String strategy = string(top.getOrDefault("strategy", "gp"), "strategy");
        if (!Strategies.exists(strategy)) {
            throw yaml.error("strategy", strategy, "must be one of " + Strategies.names());
        }
        long seed = integer(top.getOrDefault("seed", 1L), "seed", Integer.MIN_VALUE);
        Aggregate aggregate = wrap("aggregate", () -> Aggregate.parse(String.valueOf(top.getOrDefault("aggregate",
                "median"))));
        ShopTargetSpec shop = new ShopTargetSection(yaml).spec(yaml.map(top.get("target"), "target"),
                file.toAbsolutePath().getParent(), timeout);
        SearchSpace space = space(top, ShopCatalogs.of("all"), 0);
        return new TuningFile(file, List.of(), file.toAbsolutePath().getParent(), false, null, false, null, null, null,
                shop.objective().direction(), timeout, 1, aggregate, budget, strategy, seed, space, null, List.of(),
                null, shop);
    }

    /** {@code knowledgeBase: DIR} (relative to the file) or {@code default} ({@code ~/.tunescope/knowledge}). */
    private Path knowledgeBase(Map<String, Object> top) {
        if (!top.containsKey("knowledgeBase")) {
            return null;
        }
        String dir = string(top.get("knowledgeBase"), "knowledgeBase");
        return dir.equals("default") ? KnowledgeBase.defaultDirectory() : file.toAbsolutePath().getParent().resolve(dir);
    }

    private SearchSpace space(Map<String, Object> top, KnobCatalog catalog, int users) {
        if (!top.containsKey("parameters")) {
            throw yaml.error("parameters", "missing", "must list the parameters to tune");
        }
        List<Object> raw = yaml.list(top.get("parameters"), "parameters");
        List<Param> params = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            String path = "parameters[" + i + "]";
            Map<String, Object> p = yaml.map(raw.get(i), path);
            if (catalog != null) {
                params.add(new TargetSection(yaml).knobParam(catalog, p, path, users));
                continue;
            }
            unknownKeys(p, PARAM_KEYS, path);
            params.add(wrap(path, () -> param(p, path)));
        }
        List<Constraint> constraints = new ArrayList<>();
        if (top.containsKey("constraints")) {
            List<Object> cs = yaml.list(top.get("constraints"), "constraints");
            for (int i = 0; i < cs.size(); i++) {
                String path = "constraints[" + i + "]";
                String text = string(cs.get(i), path);
                constraints.add(wrap(path, () -> Constraint.parse(text)));
            }
        }
        SearchSpace space = wrap("constraints", () -> new SearchSpace(params, constraints));
        wrap("constraints", () -> {
            space.requireSatisfiable(200_000, 100_000, 1);
            return space;
        });
        space.defaultConfiguration().ifPresent(d -> space.violated(d).ifPresent(c -> {
            throw yaml.error("constraints", c.text(), "is broken by the default configuration " + d);
        }));
        return space;
    }

    private Param param(Map<String, Object> p, String path) {
        String name = string(p.get("name"), path + ".name");
        String type = p.containsKey("type") ? string(p.get("type"), path + ".type") : "int";
        boolean log = Boolean.TRUE.equals(p.get("log"));
        return switch (type) {
            case "int", "integer" -> new IntParam(name, integer(req(p, "min", path), path + ".min", Long.MIN_VALUE),
                    integer(req(p, "max", path), path + ".max", Long.MIN_VALUE),
                    integer(p.getOrDefault("step", 1L), path + ".step", Long.MIN_VALUE), log, specials(p, path),
                    p.get("default") == null ? null : integer(p.get("default"), path + ".default", Long.MIN_VALUE));
            case "real", "float", "double" -> new RealParam(name, number(req(p, "min", path), path + ".min"),
                    number(req(p, "max", path), path + ".max"), log,
                    p.get("default") == null ? null : number(p.get("default"), path + ".default"));
            case "enum", "ordinal" -> new EnumParam(name, yaml.list(req(p, "values", path), path + ".values"),
                    type.equals("ordinal"), p.get("default"));
            case "bool", "boolean" -> EnumParam.bool(name, p.get("default") == null ? null
                    : (Boolean) bool(p.get("default"), path + ".default"));
            default -> throw yaml.error(path + ".type", type, "must be one of int, real, enum, ordinal, bool");
        };
    }

    private List<Long> specials(Map<String, Object> p, String path) {
        if (!p.containsKey("special")) {
            return List.of();
        }
        Object raw = p.get("special");
        List<Object> items = raw instanceof List<?> l ? new ArrayList<>(l) : List.of(raw);
        List<Long> out = new ArrayList<>();
        for (Object o : items) {
            out.add(integer(o, path + ".special", Long.MIN_VALUE));
        }
        return out;
    }

    private Object req(Map<String, Object> p, String key, String path) {
        if (!p.containsKey(key) || p.get(key) == null) {
            throw yaml.error(path + "." + key, "missing", "is required");
        }
        return p.get(key);
    }

    private List<String> command(Object raw, Path workDir) {
        List<String> cmd = new ArrayList<>();
        if (raw instanceof String s && !s.isBlank()) {
            cmd.addAll(Arrays.asList(s.trim().split("\\s+")));
        } else if (raw instanceof List<?> l && !l.isEmpty()) {
            for (int i = 0; i < l.size(); i++) {
                cmd.add(string(l.get(i), "command[" + i + "]"));
            }
        } else {
            throw yaml.error("command", raw, "must be a command line or a list of words");
        }
        String exe = cmd.get(0);
        if (!resolvable(exe, workDir)) {
            throw yaml.error("command", exe, "is not found: not an executable file and not on PATH");
        }
        return cmd;
    }

    static boolean resolvable(String exe, Path workDir) {
        if (exe.contains("/")) {
            Path p = workDir.resolve(exe);
            return Files.isRegularFile(p) && Files.isExecutable(p);
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, exe);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return true;
            }
        }
        return false;
    }

    private Pattern regex(Object raw) {
        String r = string(raw, "objective.regex");
        try {
            Pattern p = Pattern.compile(r);
            if (p.matcher("").groupCount() < 1) {
                throw yaml.error("objective.regex", r, "must have a capture group around the number");
            }
            return p;
        } catch (PatternSyntaxException e) {
            throw yaml.error("objective.regex", r, "is not a valid regular expression: " + e.getDescription());
        }
    }

    private <T> T wrap(String path, java.util.function.Supplier<T> body) {
        try {
            return body.get();
        } catch (BadInputException e) {
            if (e.getMessage().startsWith(file + ":")) {
                throw e;
            }
            throw yaml.at(path, e);
        }
    }

    private void unknownKeys(Map<String, Object> m, Set<String> allowed, String path) {
        for (String k : m.keySet()) {
            if (!allowed.contains(k)) {
                String p = path.isEmpty() ? k : path + "." + k;
                throw yaml.error(p, k, "is not a known key; expected one of " + new java.util.TreeSet<>(allowed));
            }
        }
    }


    private String string(Object raw, String path) {
        if (raw instanceof String s && !s.isBlank()) {
            return s;
        }
        if (raw instanceof Number || raw instanceof Boolean) {
            return String.valueOf(raw);
        }
        throw yaml.error(path, raw == null ? "missing" : raw, "must be a non-empty text");
    }

    private double number(Object raw, String path) {
        if (raw instanceof Number n) {
            return n.doubleValue();
        }
        throw yaml.error(path, raw, "must be a number");
    }

    private long integer(Object raw, String path, long min) {
        if (raw instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            if (n.longValue() < min) {
                throw yaml.error(path, raw, "must be at least " + min);
            }
            return n.longValue();
        }
        throw yaml.error(path, raw, "must be an integer");
    }

    private int integer(Object raw, String path, int min) {
        return (int) integer(raw, path, (long) min);
    }

    private Object bool(Object raw, String path) {
        if (raw instanceof Boolean b) {
            return b;
        }
        throw yaml.error(path, raw, "must be true or false");
    }
}
