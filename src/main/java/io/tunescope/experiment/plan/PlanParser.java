package io.tunescope.experiment.plan;

import io.tunescope.BadInputException;
import io.tunescope.config.LocatedYaml;
import io.tunescope.config.YamlSection;
import io.tunescope.config.YamlValue;
import io.tunescope.engine.Engine;
import io.tunescope.engine.EngineSet;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and checks an experiment plan (YAML). Every error names the file, the line, the path, the value and the
 * rule: {@code quick.yaml:7: factors.users[1] (-5) users (-5) must be between 1 and 1024}. A pure function of the
 * text and the CPU count, so it is tested on fixtures.
 */
public record PlanParser(LocatedYaml yaml, int availableCpus) {

    public static ExperimentPlan read(Path file) {
        return read(file, false);
    }

    /**
     * Reads a plan; with {@code quick}, the subset its {@code quick:} section names instead (fewer levels of some
     * factors, fewer repetitions, a shorter duration, or listed cells), named {@code <name>-quick}.
     */
    public static ExperimentPlan read(Path file, boolean quick) {
        return new PlanParser(LocatedYaml.read(file, "plan", true), Runtime.getRuntime().availableProcessors())
                .plan(quick);
    }

    public static ExperimentPlan parse(String fileName, String text, int availableCpus) {
        return parse(fileName, text, availableCpus, false);
    }

    public static ExperimentPlan parse(String fileName, String text, int availableCpus, boolean quick) {
        return new PlanParser(LocatedYaml.parse(fileName, text, true), availableCpus).plan(quick);
    }

    private ExperimentPlan plan(boolean quick) {
        YamlSection root = YamlSection.root(yaml);
        if (!root.has("base")) {
            throw root.error("base", "missing", "is required (engine, scaleFactor, iterations or duration, ...)");
        }
        PlanBase base = base(root.value("base"));
        Map<String, List<String>> factors = factors(root.value("factors"), null);
        int repetitions = root.integer("repetitions", 1, 1, 100);
        String order = root.oneOf("order", "sequential", "sequential", "random");
        long seed = root.longInteger("seed", base.seed(), 0, Integer.MAX_VALUE);
        List<Map<String, String>> subset = root.has("cells") ? subset(root.value("cells"), factors) : null;
        ExperimentPlan full = new ExperimentPlan(root.text("name", "plan"), base, factors, repetitions,
                order.equals("random"), seed, subset);
        // the quick subset is checked whenever the plan has one, so a plan that passes also passes with --quick
        ExperimentPlan quickPlan = root.has("quick") ? quickPlan(full, root.section("quick")) : null;
        root.end();
        if (quick && quickPlan == null) {
            throw BadInputException.of("--quick", yaml.fileName(), "needs a 'quick:' section in the plan "
                    + "(factors with fewer levels, repetitions, duration, cells)");
        }
        return quick ? quickPlan : full;
    }

    /**
     * The plan's quick subset: each factor the section lists keeps only those levels (which must be levels of the
     * full plan, so every quick cell is a cell of the full plan), and repetitions, duration and cells as it says.
     */
    private ExperimentPlan quickPlan(ExperimentPlan full, YamlSection section) {
        Map<String, List<String>> factors = new LinkedHashMap<>(full.factors());
        factors.putAll(factors(section.value("factors"), full.factors()));
        int repetitions = section.integer("repetitions", full.repetitions(), 1, 100);
        PlanBase base = full.base();
        if (section.has("duration")) {
            if (base.duration() == null) {
                throw section.value("duration").error("can shorten only a plan whose base has a duration");
            }
            base = base.withDuration(section.value("duration").duration());
        }
        List<Map<String, String>> subset = section.has("cells") ? subset(section.value("cells"), factors)
                : full.subset() == null ? null : full.subset().stream()
                .filter(c -> c.entrySet().stream().allMatch(e -> factors.get(e.getKey()).contains(e.getValue())))
                .toList();
        section.end();
        if (subset != null && subset.isEmpty()) {
            throw yaml.error("quick", "no cells", "leaves none of the plan's cells: keep at least one listed scenario");
        }
        return new ExperimentPlan(full.name() + "-quick", base, factors, repetitions, full.randomOrder(),
                full.seed(), subset);
    }

    private PlanBase base(YamlValue value) {
        YamlSection base = value.section();
        Engine engine = engine(base.value("engine"));
        double sf = base.number("scaleFactor", 0.01);
        if (!(sf >= 0.01 && sf <= 10)) {
            throw base.value("scaleFactor").error("must be between 0.01 and 10");
        }
        Duration duration = base.duration("duration", null);
        int iterations = base.integer("iterations", duration == null ? 1 : 0, 1, 100_000);
        if (duration != null && base.has("iterations")) {
            throw base.error("iterations", iterations, "cannot be given together with base.duration");
        }
        boolean exact = base.bool("monitorExact", false);
        if (exact && !base.has("monitorInterval")) {
            throw base.error("monitorExact", true, "needs base.monitorInterval (the exact mode traces beside the "
                    + "monitor's samples)");
        }
        PlanBase result = new PlanBase(engine, sf,
                Integer.parseInt(level(base.value("users"), Factor.USERS, "1")),
                Integer.parseInt(level(base.value("tenants"), Factor.TENANTS, "1")),
                level(base.value("workload"), Factor.WORKLOAD, "sequence"),
                level(base.value("workerLimit"), Factor.WORKER_LIMIT, "off"),
                base.has("cpus") ? level(base.value("cpus"), Factor.CPUS, null) : null,
                iterations, duration, base.integer("warmup", 0, 0, 1000),
                base.duration("monitorInterval", null), base.integer("seed", 1, 0, Integer.MAX_VALUE),
                base.bool("permute", false), dataCache(base.value("dataCache")), exact);
        base.end();
        return result;
    }

    /** A tenant engine that tunescope starts itself: a plan cannot vary what it does not control. */
    private Engine engine(YamlValue value) {
        String text = value.present() ? value.text() : "duckdb";
        EngineSet started = Engines.tenants().where("host a tenant that tunescope starts",
                e -> !e.tenantRunsAs(Lifecycle.EXTERNAL));
        String rule = "must be " + String.join(" or ", started.names());
        Engine engine;
        try {
            engine = Engines.tenants().byId(text);
        } catch (BadInputException e) {
            throw value.error(text, rule);
        }
        if (!started.contains(engine)) {
            throw value.error(engine.id(), rule + ": a plan starts its own tenants");
        }
        return engine;
    }

    /** The factors at {@code value}; with {@code within}, each must be one of its factors, with its levels. */
    private Map<String, List<String>> factors(YamlValue value, Map<String, List<String>> within) {
        Map<String, List<String>> result = new LinkedHashMap<>();
        if (!value.present()) {
            return result;
        }
        if (!value.isMapping()) {
            throw value.error("must be a mapping of factor to a list of levels");
        }
        YamlSection factors = value.section();
        for (String name : factors.keys()) {
            YamlValue levels = factors.value(name);
            Factor factor = Factor.byKey(name);
            if (factor == null) {
                throw levels.error(name, "is not a factor; known factors: " + String.join(", ", Factor.keys()));
            }
            if (within != null && !within.containsKey(name)) {
                throw levels.error(name, "is not a factor of the full plan: " + within.keySet());
            }
            if (!levels.node().isArray() || levels.node().isEmpty()) {
                throw levels.error("must be a non-empty list of levels");
            }
            List<String> canonical = new ArrayList<>();
            for (YamlValue item : levels.items()) {
                String level = level(item, factor, null);
                if (canonical.contains(level)) {
                    throw item.error(level, "repeats an earlier level");
                }
                if (within != null && !within.get(name).contains(level)) {
                    throw item.error(level, "is not a level of the full plan " + within.get(name));
                }
                canonical.add(level);
            }
            result.put(name, List.copyOf(canonical));
        }
        return result;
    }

    private List<Map<String, String>> subset(YamlValue cells, Map<String, List<String>> factors) {
        if (!cells.node().isArray() || cells.node().isEmpty()) {
            throw cells.error("must be a non-empty list of scenarios");
        }
        List<Map<String, String>> result = new ArrayList<>();
        for (YamlValue item : cells.items()) {
            YamlSection cell = item.section();
            Map<String, String> levels = new LinkedHashMap<>();
            for (Map.Entry<String, List<String>> factor : factors.entrySet()) {
                YamlValue given = cell.value(factor.getKey());
                if (!given.present()) {
                    throw item.error("no " + factor.getKey(), "must give a level for every factor");
                }
                String level = level(given, Factor.byKey(factor.getKey()), null);
                if (!factor.getValue().contains(level)) {
                    throw given.error(level, "is not one of the levels " + factor.getValue());
                }
                levels.put(factor.getKey(), level);
            }
            cell.end();
            result.add(levels);
        }
        return result;
    }

    /** The factor's canonical level at {@code value} (or {@code fallback} when absent), checked by its rule. */
    private String level(YamlValue value, Factor factor, String fallback) {
        String text = value.present() || fallback == null ? value.node().asText() : fallback;
        try {
            return factor.canonical(text, availableCpus);
        } catch (BadInputException e) {
            throw new BadInputException(yaml.fileName() + ":" + yaml.lineOf(value.path()) + ": " + value.path() + ": "
                    + e.getMessage());
        }
    }

    private String dataCache(YamlValue value) {
        if (!value.present()) {
            return null;
        }
        if (!value.node().isTextual() || value.node().asText().isBlank()) {
            throw value.error("must be 'off' or a directory for prepared TPC-H copies");
        }
        return value.node().asText();
    }
}
