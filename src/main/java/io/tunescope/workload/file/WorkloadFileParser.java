package io.tunescope.workload.file;

import io.tunescope.config.LocatedYaml;
import io.tunescope.config.YamlSection;
import io.tunescope.config.YamlValue;
import io.tunescope.workload.pgbench.SqlText;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads a workload file (docs/workloads.md) through the one YAML binder: every error is
 * {@code file:line: path (value) rule}, and a key nobody reads is refused. CSV files the parameters name are read
 * through {@code csvText} (the text of a file as the workload file writes its path), so that the same parse runs on
 * the controller, against the disk, and in a tenant's agent, against the texts that travelled with the run.
 */
public final class WorkloadFileParser {
    static final int MAX_SAMPLE_ROWS = 1_000_000;

    private final Function<String, String> csvText;
    private final Map<String, CsvTable> tables = new LinkedHashMap<>();

    private WorkloadFileParser(Function<String, String> csvText) {
        this.csvText = csvText;
    }

    /** The file {@code fileName} whose text is {@code text}; its CSV files' texts come from {@code csvText}. */
    public static Parsed parse(String fileName, String text, Function<String, String> csvText) {
        WorkloadFileParser parser = new WorkloadFileParser(csvText);
        WorkloadFile file = parser.read(LocatedYaml.parse(fileName, text, false), fileName);
        return new Parsed(file, Map.copyOf(parser.tables));
    }

    /** A workload file and the CSV tables its parameters read, by the path the file gives. */
    public record Parsed(WorkloadFile file, Map<String, CsvTable> tables) {
    }

    private WorkloadFile read(LocatedYaml yaml, String fileName) {
        YamlSection root = YamlSection.root(yaml).describedAs("workload file");
        String name = root.text("name", baseName(fileName));
        List<String> setup = new ArrayList<>();
        for (YamlValue statement : root.list("setup")) {
            setup.add(statement.text());
        }
        YamlSection section = root.section("transactions");
        if (section.keys().isEmpty()) {
            throw root.error("transactions", "missing", "must name at least one transaction");
        }
        List<TransactionSpec> transactions = new ArrayList<>();
        for (String key : section.keys()) {
            transactions.add(transaction(key, section.value(key).section()));
        }
        section.end();
        List<io.tunescope.workload.mix.LoadPhase> phases = PhaseReader.phases(root, transactions.stream().map(TransactionSpec::name).toList());
        root.end();
        return new WorkloadFile(name, setup, transactions, phases);
    }

    private TransactionSpec transaction(String name, YamlSection t) {
        YamlValue weightValue = t.value("weight");
        double weight = weightValue.present() ? weightValue.positive() : 1;
        Duration think = t.durationOrZero("thinkTime", Duration.ZERO);
        List<YamlValue> sqlItems = t.value("sql").present() ? t.value("sql").itemsOrOne() : List.of();
        if (sqlItems.isEmpty()) {
            throw t.error("sql", "missing", "must give at least one SQL statement");
        }
        List<SqlText.Statement> statements = new ArrayList<>();
        Set<String> used = new LinkedHashSet<>();
        YamlSection params = t.section("parameters");
        for (YamlValue item : sqlItems) {
            String sql = item.text();
            SqlText.Scan scan = SqlText.scan(sql, 0);
            if (scan.statements().size() != 1 || !sql.substring(scan.end()).isBlank()) {
                throw item.error(abbreviated(sql), "must hold exactly one SQL statement (give each as its own item)");
            }
            SqlText.Statement statement = scan.statements().get(0);
            for (String variable : statement.variables()) {
                if (!params.keys().contains(variable)) {
                    throw item.error(":" + variable, "is not a parameter of transaction " + name
                            + "; declare it under parameters (known: " + params.keys() + ")");
                }
                used.add(variable);
            }
            statements.add(statement);
        }
        Map<String, ParameterSpec> parameters = new LinkedHashMap<>();
        for (String p : params.keys()) {
            if (!used.contains(p)) {
                throw params.error(p, p, "is never used: no statement of transaction " + name + " reads :" + p);
            }
            parameters.put(p, parameter(params.value(p)));
        }
        params.end();
        t.end();
        return new TransactionSpec(name, weight, statements, parameters, think);
    }

    private ParameterSpec parameter(YamlValue value) {
        YamlSection p = value.section();
        List<String> kinds = p.keys();
        if (kinds.size() != 1) {
            throw value.error("must give exactly one generator: uniform, zipfian, gaussian, sequence, sample or csv");
        }
        String kind = kinds.get(0);
        YamlSection g = p.value(kind).section();
        ParameterSpec spec = switch (kind) {
            case "uniform" -> new ParameterSpec.Uniform(min(g), max(g));
            case "zipfian" -> zipfian(g);
            case "gaussian" -> gaussian(g);
            case "sequence" -> new ParameterSpec.Sequence(g.longInteger("start", 1, Long.MIN_VALUE, Long.MAX_VALUE),
                    g.longInteger("step", 1, 1, Long.MAX_VALUE));
            case "sample" -> new ParameterSpec.Sample(g.text("query", null),
                    g.integer("rows", 10_000, 1, MAX_SAMPLE_ROWS));
            case "csv" -> csv(g);
            default -> throw p.error(kind, kind, "is not a generator; expected one of uniform, zipfian, gaussian, "
                    + "sequence, sample, csv");
        };
        g.end();
        p.end();
        return spec;
    }

    private static long min(YamlSection g) {
        g.required("min");
        return g.longInteger("min", 0, Long.MIN_VALUE / 4, Long.MAX_VALUE / 4);
    }

    private static long max(YamlSection g) {
        long min = g.value("min").present() ? g.value("min").longInteger(Long.MIN_VALUE / 4, Long.MAX_VALUE / 4) : 0;
        g.required("max");
        long max = g.longInteger("max", 0, Long.MIN_VALUE / 4, Long.MAX_VALUE / 4);
        if (max < min) {
            throw g.error("max", max, "must be at least min (" + min + ")");
        }
        return max;
    }

    private static ParameterSpec zipfian(YamlSection g) {
        long min = min(g);
        long max = max(g);
        double s = g.required("s").number();
        if (s < 1.001 || s > 1000) {
            throw g.error("s", s, "must be between 1.001 and 1000");
        }
        return new ParameterSpec.Zipfian(min, max, s);
    }

    private static ParameterSpec gaussian(YamlSection g) {
        long min = min(g);
        long max = max(g);
        double p = g.required("p").number();
        if (p < 2.0) {
            throw g.error("p", p, "must be at least 2.0 (standard deviations from the middle to each end)");
        }
        return new ParameterSpec.Gaussian(min, max, p);
    }

    private ParameterSpec csv(YamlSection g) {
        String file = g.text("file", null);
        CsvTable table = tables.get(file);
        if (table == null) {
            table = g.at("file", () -> CsvTable.parse(file, csvText.apply(file)));
            tables.put(file, table);
        }
        String column = g.text("column", null);
        int index = table.indexOf(column);
        if (index < 0) {
            throw g.error("column", column, "is not a column of " + file + "; its columns: " + table.columns());
        }
        return new ParameterSpec.CsvColumn(file, index);
    }

    private static String abbreviated(String sql) {
        String one = sql.replaceAll("\\s+", " ").strip();
        return one.length() <= 60 ? one : one.substring(0, 57) + "...";
    }

    /** The file's name without directories or extension: the workload's default name. */
    static String baseName(String fileName) {
        String base = java.nio.file.Path.of(fileName).getFileName().toString();
        int dot = base.lastIndexOf('.');
        return dot > 0 ? base.substring(0, dot) : base;
    }
}
