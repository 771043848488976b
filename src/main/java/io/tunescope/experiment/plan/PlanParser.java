package io.tunescope.experiment.plan;

import io.tunescope.config.DurationText;
import io.tunescope.config.LocatedYaml;
import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.BadInputException;
import io.tunescope.config.TextFiles;
import io.tunescope.engine.Engine;
import io.tunescope.engine.EngineSet;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and checks an experiment plan (YAML). Every error names the file, the line, the path, the value and the
 * rule: {@code quick.yaml:7: factors.users[1] (-5) users (-5) must be between 1 and 1024}. A pure function of the
 * text and the CPU count, so it is tested on fixtures.
 */
public final class PlanParser {
    private static final Set<String> TOP_KEYS = Set.of("name", "base", "factors", "repetitions", "order", "seed", "cells",
            "quick");
    private static final Set<String> QUICK_KEYS = Set.of("factors", "repetitions", "duration", "cells");
    private static final Set<String> BASE_KEYS = Set.of("engine", "scaleFactor", "users", "tenants", "workload",
            "workerLimit", "cpus", "iterations", "duration", "warmup", "monitorInterval", "seed", "permute",
            "dataCache", "monitorExact");

    private final LocatedYaml yaml;
    private final int availableCpus;
    private final boolean quick;

    private PlanParser(LocatedYaml yaml, int availableCpus, boolean quick) {
        this.yaml = yaml;
        this.availableCpus = availableCpus;
        this.quick = quick;
    }

    public static ExperimentPlan read(Path file) {
        return read(file, false);
    }

    /**
     * Reads a plan; with {@code quick}, the subset its {@code quick:} section names instead (fewer levels of some
     * factors, fewer repetitions, a shorter duration, or listed cells), named {@code <name>-quick}.
     */
    public static ExperimentPlan read(Path file, boolean quick) {
        try {
            String text = TextFiles.readUtf8(file);
            return parse(file.toString(), text, Runtime.getRuntime().availableProcessors(), quick);
        } catch (NoSuchFileException e) {
            throw BadInputException.of("plan", file, "does not exist");
        } catch (IOException e) {
            throw BadInputException.of("plan", file, "cannot be read: " + e.getMessage());
        }
    }

    public static ExperimentPlan parse(String fileName, String text, int availableCpus) {
        return parse(fileName, text, availableCpus, false);
    }

    public static ExperimentPlan parse(String fileName, String text, int availableCpus, boolean quick) {
        return new PlanParser(LocatedYaml.parse(fileName, text, true), availableCpus, quick).plan();
    }

    private ExperimentPlan plan() {
        JsonNode root = yaml.root();
        if (!root.isObject()) {
            throw yaml.error("", "not a mapping", "must be a mapping with base and factors");
        }
        checkKeys(root, "", TOP_KEYS);
        PlanBase base = base(root.path("base"));
        Map<String, List<String>> factors = factors("factors", root.path("factors"), null);
        int repetitions = root.has("repetitions") ? intAt("repetitions", root.get("repetitions"), 1, 100) : 1;
        String order = root.has("order") ? root.get("order").asText() : "sequential";
        if (!order.equals("sequential") && !order.equals("random")) {
            throw yaml.error("order", order, "must be 'sequential' or 'random'");
        }
        long seed = root.has("seed") ? intAt("seed", root.get("seed"), 0, Integer.MAX_VALUE) : base.seed();
        List<Map<String, String>> subset = root.has("cells") ? subset("cells", root.get("cells"), factors) : null;
        ExperimentPlan full = new ExperimentPlan(root.path("name").asText("plan"), base, factors, repetitions,
                order.equals("random"), seed, subset);
        if (root.has("quick")) {
            checkKeys(root.get("quick"), "quick", QUICK_KEYS);
        }
        return quick ? quickPlan(full, root.path("quick")) : full;
    }

    /**
     * The plan's quick subset: each factor the section lists keeps only those levels (which must be levels of the
     * full plan, so every quick cell is a cell of the full plan), and repetitions, duration and cells as it says.
     */
    private ExperimentPlan quickPlan(ExperimentPlan full, JsonNode section) {
        if (section.isMissingNode()) {
            throw BadInputException.of("--quick", yaml.fileName(), "needs a 'quick:' section in the plan "
                    + "(factors with fewer levels, repetitions, duration, cells)");
        }
        Map<String, List<String>> factors = new LinkedHashMap<>(full.factors());
        factors.putAll(factors("quick.factors", section.path("factors"), full.factors()));
        int repetitions = section.has("repetitions")
                ? intAt("quick.repetitions", section.get("repetitions"), 1, 100) : full.repetitions();
        PlanBase base = full.base();
        if (section.has("duration")) {
            if (base.duration() == null) {
                throw yaml.error("quick.duration", section.get("duration").asText(),
                        "can shorten only a plan whose base has a duration");
            }
            Duration d = duration("quick.duration", section.get("duration"));
            base = base.withDuration(d);
        }
        List<Map<String, String>> subset = section.has("cells") ? subset("quick.cells", section.get("cells"), factors)
                : full.subset() == null ? null : full.subset().stream()
                .filter(c -> c.entrySet().stream().allMatch(e -> factors.get(e.getKey()).contains(e.getValue())))
                .toList();
        if (subset != null && subset.isEmpty()) {
            throw yaml.error("quick", "no cells", "leaves none of the plan's cells: keep at least one listed scenario");
        }
        return new ExperimentPlan(full.name() + "-quick", base, factors, repetitions, full.randomOrder(),
                full.seed(), subset);
    }

    private PlanBase base(JsonNode base) {
        if (base.isMissingNode()) {
            throw yaml.error("base", "missing", "is required (engine, scaleFactor, iterations or duration, ...)");
        }
        if (!base.isObject()) {
            throw yaml.error("base", base.asText(), "must be a mapping");
        }
        checkKeys(base, "base", BASE_KEYS);
        Engine engine = engine(base);
        double sf = base.has("scaleFactor") ? base.get("scaleFactor").asDouble() : 0.01;
        if (!(sf >= 0.01 && sf <= 10)) {
            throw yaml.error("base.scaleFactor", base.get("scaleFactor").asText(), "must be between 0.01 and 10");
        }
        Duration duration = base.has("duration") ? duration("base.duration", base.get("duration")) : null;
        int iterations = base.has("iterations") ? intAt("base.iterations", base.get("iterations"), 1, 100_000)
                : duration == null ? 1 : 0;
        if (duration != null && base.has("iterations")) {
            throw yaml.error("base.iterations", iterations, "cannot be given together with base.duration");
        }
        boolean exact = bool("base.monitorExact", base.path("monitorExact"));
        if (exact && !base.has("monitorInterval")) {
            throw yaml.error("base.monitorExact", true, "needs base.monitorInterval (the exact mode traces beside the "
                    + "monitor's samples)");
        }
        return new PlanBase(engine, sf,
                Integer.parseInt(level("base.users", Factor.USERS, base.path("users").asText("1"))),
                Integer.parseInt(level("base.tenants", Factor.TENANTS, base.path("tenants").asText("1"))),
                level("base.workload", Factor.WORKLOAD, base.path("workload").asText("sequence")),
                level("base.workerLimit", Factor.WORKER_LIMIT, base.path("workerLimit").asText("off")),
                base.has("cpus") ? level("base.cpus", Factor.CPUS, base.get("cpus").asText()) : null,
                iterations, duration,
                base.has("warmup") ? intAt("base.warmup", base.get("warmup"), 0, 1000) : 0,
                base.has("monitorInterval") ? duration("base.monitorInterval", base.get("monitorInterval")) : null,
                base.has("seed") ? intAt("base.seed", base.get("seed"), 0, Integer.MAX_VALUE) : 1,
                bool("base.permute", base.path("permute")), dataCache(base.path("dataCache")), exact);
    }

    /** A tenant engine that tunescope starts itself: a plan cannot vary what it does not control. */
    private Engine engine(JsonNode base) {
        String text = base.path("engine").asText("duckdb");
        EngineSet started = Engines.tenants().where("host a tenant that tunescope starts",
                e -> !e.tenantRunsAs(Lifecycle.EXTERNAL));
        String rule = "must be " + String.join(" or ", started.names());
        Engine engine;
        try {
            engine = Engines.tenants().byId(text);
        } catch (BadInputException e) {
            throw yaml.error("base.engine", text, rule);
        }
        if (!started.contains(engine)) {
            throw yaml.error("base.engine", engine.id(), rule + ": a plan starts its own tenants");
        }
        return engine;
    }

    /** The factors under {@code prefix}; with {@code within}, each must be one of its factors, with its levels. */
    private Map<String, List<String>> factors(String prefix, JsonNode factors, Map<String, List<String>> within) {
        Map<String, List<String>> result = new LinkedHashMap<>();
        if (factors.isMissingNode() || factors.isNull()) {
            return result;
        }
        if (!factors.isObject()) {
            throw yaml.error("factors", factors.asText(), "must be a mapping of factor to a list of levels");
        }
        for (Iterator<String> names = factors.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            String path = prefix + "." + name;
            Factor factor = Factor.byKey(name);
            if (factor == null) {
                throw yaml.error(path, name, "is not a factor; known factors: " + String.join(", ", Factor.keys()));
            }
            if (within != null && !within.containsKey(name)) {
                throw yaml.error(path, name, "is not a factor of the full plan: " + within.keySet());
            }
            JsonNode levels = factors.get(name);
            if (!levels.isArray() || levels.isEmpty()) {
                throw yaml.error(path, levels.isArray() ? "[]" : levels.asText(), "must be a non-empty list of levels");
            }
            List<String> canonical = new ArrayList<>();
            for (int i = 0; i < levels.size(); i++) {
                String level = level(path + "[" + i + "]", factor, levels.get(i).asText());
                if (canonical.contains(level)) {
                    throw yaml.error(path + "[" + i + "]", level, "repeats an earlier level");
                }
                if (within != null && !within.get(name).contains(level)) {
                    throw yaml.error(path + "[" + i + "]", level, "is not a level of the full plan " + within.get(name));
                }
                canonical.add(level);
            }
            result.put(name, List.copyOf(canonical));
        }
        return result;
    }

    private List<Map<String, String>> subset(String prefix, JsonNode cells, Map<String, List<String>> factors) {
        if (!cells.isArray() || cells.isEmpty()) {
            throw yaml.error(prefix, cells.asText(), "must be a non-empty list of scenarios");
        }
        List<Map<String, String>> result = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            String path = prefix + "[" + i + "]";
            JsonNode cell = cells.get(i);
            checkKeys(cell, path, factors.keySet());
            Map<String, String> levels = new LinkedHashMap<>();
            for (Map.Entry<String, List<String>> factor : factors.entrySet()) {
                String p = path + "." + factor.getKey();
                if (!cell.has(factor.getKey())) {
                    throw yaml.error(path, "no " + factor.getKey(), "must give a level for every factor");
                }
                String level = level(p, Factor.byKey(factor.getKey()), cell.get(factor.getKey()).asText());
                if (!factor.getValue().contains(level)) {
                    throw yaml.error(p, level, "is not one of the levels " + factor.getValue());
                }
                levels.put(factor.getKey(), level);
            }
            result.add(levels);
        }
        return result;
    }

    private String level(String path, Factor factor, String text) {
        try {
            return factor.canonical(text, availableCpus);
        } catch (BadInputException e) {
            throw new BadInputException(yaml.fileName() + ":" + yaml.lineOf(path) + ": " + path + ": " + e.getMessage());
        }
    }

    private int intAt(String path, JsonNode node, int min, int max) {
        if (!node.canConvertToInt() || !node.isIntegralNumber()) {
            throw yaml.error(path, node.asText(), "must be a whole number");
        }
        int value = node.asInt();
        if (value < min || value > max) {
            throw yaml.error(path, value, "must be between " + min + " and " + max);
        }
        return value;
    }

    private Duration duration(String path, JsonNode node) {
        try {
            return DurationText.parse(path, node.asText());
        } catch (BadInputException e) {
            throw yaml.error(path, node.asText(), "must be a positive duration such as 8ms, 30s or 2m");
        }
    }

    private String dataCache(JsonNode node) {
        if (node.isMissingNode()) {
            return null;
        }
        if (!node.isTextual() || node.asText().isBlank()) {
            throw yaml.error("base.dataCache", node.asText(), "must be 'off' or a directory for prepared TPC-H copies");
        }
        return node.asText();
    }

    private boolean bool(String path, JsonNode node) {
        if (node.isMissingNode()) {
            return false;
        }
        String text = node.asText();
        if (!text.equals("true") && !text.equals("false")) {
            throw yaml.error(path, text, "must be true or false");
        }
        return text.equals("true");
    }

    private void checkKeys(JsonNode node, String path, Set<String> allowed) {
        if (!node.isObject()) {
            throw yaml.error(path, node.asText(), "must be a mapping");
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw yaml.error(path.isEmpty() ? name : path + "." + name, name,
                        "is not a known key here; known: " + String.join(", ", new java.util.TreeSet<>(allowed)));
            }
        }
    }
}
