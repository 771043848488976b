package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.Notices;
import io.tunescope.config.LocatedYaml;
import io.tunescope.config.YamlSection;
import io.tunescope.config.YamlValue;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.shop.stack.ShopCatalogs;
import io.tunescope.store.KnowledgeBase;
import io.tunescope.tune.database.DatabaseTargetSpec;
import io.tunescope.tune.session.Aggregate;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.Replication;
import io.tunescope.tune.shop.ShopTargetSpec;
import io.tunescope.tune.space.Constraint;
import io.tunescope.tune.space.EnumParam;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.Param;
import io.tunescope.tune.space.RealParam;
import io.tunescope.tune.space.SearchSpace;
import io.tunescope.tune.strategy.Strategies;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Reads and checks a {@code TUNING.yaml}; every error names the file, the line and the rule. */
public final class TuningFileParser {
    private final Path file;
    private final LocatedYaml yaml;

    private TuningFileParser(Path file, LocatedYaml yaml) {
        this.file = file;
        this.yaml = yaml;
    }

    /** The search settings every kind of tuning file shares. */
    private record Search(int repeats, Aggregate aggregate, int budget, String strategy, long seed) {
    }

    public static TuningFile read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw BadInputException.of("tuning file", file, "does not exist or is not a file");
        }
        return parse(file, LocatedYaml.read(file, "tuning file", false));
    }

    public static TuningFile parse(Path file, String text) {
        if (text.isBlank()) {
            throw new BadInputException(file + ":1: the file is empty");
        }
        return parse(file, LocatedYaml.parse(file.toString(), text, false));
    }

    private static TuningFile parse(Path file, LocatedYaml yaml) {
        if (yaml.root().isObject() && yaml.root().isEmpty()) {
            throw new BadInputException(file + ":1: the file is empty");
        }
        return new TuningFileParser(file, yaml).tuningFile();
    }

    private TuningFile tuningFile() {
        YamlSection top = YamlSection.root(yaml);
        TuningFile tuning = top.has("target") ? databaseFile(top) : commandFile(top);
        top.end();
        revalidateNote(tuning).ifPresent(Notices::say);
        return tuning;
    }

    /**
     * A note for a file whose {@code target.revalidate} gives a number of runs to a session that races: that number
     * is the re-validation's only under {@code protocol: single} (and the matrix's rounds with {@code workloads:}),
     * while racing takes {@code protocol.revalidateRuns}. The file is valid; the note keeps a number written for a
     * fixed re-validation from being taken for one.
     */
    Optional<String> revalidateNote(TuningFile f) {
        com.fasterxml.jackson.databind.JsonNode given = yaml.root().path("target").path("revalidate");
        if (!given.isNumber() || given.asLong() <= 0 || !f.workloads().isEmpty() || !f.protocol().racing()) {
            return Optional.empty();
        }
        Replication runs = f.protocol().revalidateRuns();
        return Optional.of("tune: " + yaml.fileName() + ":" + yaml.lineOf("target.revalidate") + ": target.revalidate ("
                + given.asText() + ") is the re-validation's runs under protocol: single only; this session races and "
                + "re-validates with protocol.revalidateRuns (" + (runs.auto()
                ? "auto: as many runs as the measured noise needs, within the budget); write protocol.revalidateRuns: "
                + given.asText() + " for a fixed number" : runs.fixed() + ")"));
    }

    private TuningFile commandFile(YamlSection top) {
        for (String key : List.of("workloads", "knowledgeBase")) {
            top.refuse(key, "needs a target: section (it is about a database's workloads)");
        }
        Path base = file.toAbsolutePath().getParent();
        Path workDir = top.has("workingDirectory") ? base.resolve(top.text("workingDirectory", null)) : base;
        if (!Files.isDirectory(workDir)) {
            throw top.error("workingDirectory", workDir, "is not a directory");
        }
        List<String> command = command(top.value("command"), workDir);
        YamlSection pass = top.section("pass");
        String argFormat = top.has("pass") ? pass.textOrNull("args") : "--{name}={value}";
        String envPrefix = pass.textOrNull("env");
        pass.end();
        if (argFormat == null && envPrefix == null) {
            throw top.value("pass").error("must set args (e.g. '--{name}={value}') or env (a prefix such as 'TUNE_')");
        }
        if (argFormat != null && !argFormat.contains("{value}")) {
            throw pass.value("args").error("must contain {value}");
        }
        YamlSection objective = top.required("objective").section();
        TuningFile.ObjectiveSource source = objective.oneOf("source", "stdout", "stdout", "time").equals("stdout")
                ? TuningFile.ObjectiveSource.STDOUT : TuningFile.ObjectiveSource.TIME;
        YamlValue regex = objective.value("regex");
        Pattern pattern = source == TuningFile.ObjectiveSource.STDOUT ? regex(regex) : null;
        Direction direction = objective.parsed("direction", "minimize", Direction::parse);
        objective.end();
        Duration timeout = timeout(top, 60.0);
        Search search = search(top, 50);
        SearchSpace space = space(top, null, 0);
        return new TuningFile(file, command, workDir, argFormat != null, argFormat, envPrefix != null,
                envPrefix, source, pattern, direction, timeout, search.repeats(), search.aggregate(),
                search.budget(), search.strategy(), search.seed(), space, null, List.of(), null, null,
                ProtocolSection.protocol(top));
    }

    /** A file with a {@code target:} section: a database running a workload instead of a command. */
    private TuningFile databaseFile(YamlSection top) {
        for (String commandKey : List.of("command", "workingDirectory", "pass", "objective")) {
            top.refuse(commandKey, "is for tuning a command; with a target: section the objective is "
                    + "target.objective");
        }
        Duration timeout = timeout(top, 600.0);
        YamlSection section = top.value("target").section();
        if (ShopTargetSection.isShop(section)) {
            return shopFile(top, section, timeout);
        }
        Search search = search(top, 20);
        TargetSection targets = new TargetSection();
        targets.refuseRestartOnUnmanagedServer(section, top.value("parameters"));
        DatabaseTargetSpec target = targets.spec(section, file.toAbsolutePath().getParent(), timeout,
                search.repeats());
        List<TuningFile.Workload> workloads = top.has("workloads")
                ? targets.workloads(top.value("workloads"), target) : List.of();
        SearchSpace space = space(top, target.engine().knobs(), target.users());
        if (!workloads.isEmpty() && space.params().stream().anyMatch(p -> p.name().equals("users"))) {
            throw top.error("parameters", "users", "cannot be tuned with workloads: (each workload sets its users)");
        }
        return new TuningFile(file, List.of(), file.toAbsolutePath().getParent(), false, null, false, null, null, null,
                target.objective().direction(), target.timeout(), search.repeats(), search.aggregate(),
                search.budget(), search.strategy(), search.seed(), space, target, workloads, knowledgeBase(top), null,
                ProtocolSection.protocol(top));
    }

    /** A file whose target is the web shop ({@code engine: shop}): its parameters are the tiers' knobs. */
    private TuningFile shopFile(YamlSection top, YamlSection section, Duration timeout) {
        for (String key : List.of("knowledgeBase", "repeats")) {
            top.refuse(key, "is not supported with a shop target (engine: shop)");
        }
        Search search = search(top, 10);
        ShopTargetSpec shop = new ShopTargetSection().spec(section, file.toAbsolutePath().getParent(), timeout);
        List<TuningFile.Workload> workloads = top.has("workloads")
                ? ShopTargetSection.workloads(top.value("workloads"), shop) : List.of();
        SearchSpace space = space(top, ShopCatalogs.of("all", shop.proxy(), shop.database()), 0);
        ShopTargetSection.checkLiveDatabase(shop, space);
        return new TuningFile(file, List.of(), file.toAbsolutePath().getParent(), false, null, false, null, null, null,
                shop.objective().direction(), timeout, 1, search.aggregate(), search.budget(), search.strategy(),
                search.seed(), space, null, workloads, null, shop, ProtocolSection.protocol(top));
    }

    private static Duration timeout(YamlSection top, double fallbackSeconds) {
        double seconds = top.has("timeoutSeconds") ? top.value("timeoutSeconds").positive() : fallbackSeconds;
        return Duration.ofMillis((long) (seconds * 1000));
    }

    private static Search search(YamlSection top, int defaultBudget) {
        int repeats = top.integer("repeats", 1, 1, Integer.MAX_VALUE);
        Aggregate aggregate = top.parsed("aggregate", "median", Aggregate::parse);
        int budget = top.integer("budget", defaultBudget, 1, Integer.MAX_VALUE);
        String strategy = top.text("strategy", "gp");
        if (!Strategies.exists(strategy)) {
            throw top.error("strategy", strategy, "must be one of " + Strategies.names());
        }
        return new Search(repeats, aggregate, budget, strategy, top.longInteger("seed", 1, Integer.MIN_VALUE,
                Long.MAX_VALUE));
    }

    /** {@code knowledgeBase: DIR} (relative to the file) or {@code default} ({@code ~/.tunescope/knowledge}). */
    private Path knowledgeBase(YamlSection top) {
        String dir = top.textOrNull("knowledgeBase");
        if (dir == null) {
            return null;
        }
        return dir.equals("default") ? KnowledgeBase.defaultDirectory() : file.toAbsolutePath().getParent().resolve(dir);
    }

    private SearchSpace space(YamlSection top, KnobCatalog catalog, int users) {
        if (!top.has("parameters")) {
            throw top.error("parameters", "missing", "must list the parameters to tune");
        }
        List<Param> params = new ArrayList<>();
        for (YamlValue item : top.value("parameters").items()) {
            YamlSection p = item.section();
            params.add(catalog != null ? new TargetSection().knobParam(catalog, p, users) : item.at(() -> param(p)));
            p.end();
        }
        List<Constraint> constraints = new ArrayList<>();
        for (YamlValue item : top.list("constraints")) {
            String text = item.text();
            constraints.add(item.at(() -> Constraint.parse(text)));
        }
        SearchSpace space = top.at("constraints", () -> new SearchSpace(params, constraints));
        top.at("constraints", () -> {
            space.requireSatisfiable(200_000, 100_000, 1);
            return space;
        });
        space.defaultConfiguration().ifPresent(d -> space.violated(d).ifPresent(c -> {
            throw top.error("constraints", c.text(), "is broken by the default configuration " + d);
        }));
        return space;
    }

    private static Param param(YamlSection p) {
        String name = p.text("name", null);
        String type = p.text("type", "int");
        boolean log = p.bool("log", false);
        YamlValue def = p.value("default");
        return switch (type) {
            case "int", "integer" -> new IntParam(name, p.required("min").longInteger(Long.MIN_VALUE, Long.MAX_VALUE),
                    p.required("max").longInteger(Long.MIN_VALUE, Long.MAX_VALUE),
                    p.longInteger("step", 1, Long.MIN_VALUE, Long.MAX_VALUE), log, specials(p.value("special")),
                    def.present() ? def.longInteger(Long.MIN_VALUE, Long.MAX_VALUE) : null);
            case "real", "float", "double" -> new RealParam(name, p.required("min").number(),
                    p.required("max").number(), log, def.present() ? def.number() : null);
            case "enum", "ordinal" -> new EnumParam(name, new ArrayList<>(p.required("values").items().stream()
                    .map(YamlValue::plain).toList()), type.equals("ordinal"), def.plain());
            case "bool", "boolean" -> EnumParam.bool(name, def.present() ? def.bool() : null);
            default -> throw p.error("type", type, "must be one of int, real, enum, ordinal, bool");
        };
    }

    private static List<Long> specials(YamlValue special) {
        if (!special.present()) {
            return List.of();
        }
        return special.itemsOrOne().stream().map(v -> v.longInteger(Long.MIN_VALUE, Long.MAX_VALUE)).toList();
    }

    private static List<String> command(YamlValue raw, Path workDir) {
        List<String> cmd = new ArrayList<>();
        if (raw.present() && raw.node().isValueNode() && !raw.node().asText().isBlank()) {
            cmd.addAll(Arrays.asList(raw.text().trim().split("\\s+")));
        } else if (raw.node().isArray() && !raw.node().isEmpty()) {
            raw.items().forEach(word -> cmd.add(word.text()));
        } else {
            throw raw.error("must be a command line or a list of words");
        }
        String exe = cmd.get(0);
        if (!resolvable(exe, workDir)) {
            throw raw.error(exe, "is not found: not an executable file and not on PATH");
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

    private static Pattern regex(YamlValue raw) {
        String r = raw.text();
        try {
            Pattern p = Pattern.compile(r);
            if (p.matcher("").groupCount() < 1) {
                throw raw.error("must have a capture group around the number");
            }
            return p;
        } catch (PatternSyntaxException e) {
            throw raw.error("is not a valid regular expression: " + e.getDescription());
        }
    }
}
