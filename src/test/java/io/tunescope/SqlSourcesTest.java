package io.tunescope;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SQL is built only from catalogs and bound parameters. Every call in src/main/java that hands
 * text to a database (JDBC's execute, executeQuery, executeUpdate, prepareStatement, prepareCall, addBatch, COPY, and
 * the shop's {@code Sql} helpers) is read here: its SQL argument may join string literals, constants (upper-case
 * names: catalog text fixed at compile time) and, per file, the few names listed below with where they come from.
 * Anything else, such as a user's text, a file name or a value spliced in, fails this test until it is bound as a
 * parameter or rendered by a catalog and listed. The behaviour with hostile input is tested where the input enters:
 * knob names and values ({@code KnobCatalogTest}: refused or rendered as literals), file paths in results.duckdb
 * ({@code ResultsDatabaseTest}: quotes, a semicolon and a comment, bound), the shop's search text (a LIKE parameter).
 */
class SqlSourcesTest {
    private static final Pattern CALL = Pattern.compile("\\b(execute|executeQuery|executeUpdate|executeLargeUpdate|"
            + "prepareStatement|prepareCall|addBatch|copyIn|Sql\\.lines|Sql\\.longs|Sql\\.text|Sql\\.update|"
            + "Sql\\.insert)\\(");
    private static final Pattern CONSTANT = Pattern.compile("[A-Z][A-Z0-9_]*(\\.[A-Z][A-Z0-9_]*)*");
    private static final Pattern DECLARATION = Pattern.compile("(final )?[A-Z][\\w.]*(<.*>)?(\\[\\])? \\w+");
    private static final Pattern LITERAL = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");

    /** Per file, the non-constant names allowed in SQL text, each with its source. */
    private static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            // the TPC-H schema's tables (io.trino.tpch TpchTable enum) and DDL rendered from it
            Map.entry("workload/tpch/TpchLoader.java", Set.of("table.getTableName()", "TpchSchema.createTable(table)",
                    "sql")),   // sql: TpchSchema.indexes(dialect), fixed DDL per dialect
            Map.entry("workload/tpch/LoadMethod.java", Set.of("table.getTableName()")),
            Map.entry("workload/tpch/ClusterRows.java", Set.of("table.getTableName()")),
            Map.entry("workload/tpch/LoadDataSink.java", Set.of("table")),   // LoadMethod's TpchTable name
            // the prepared copy: its cache file as a quoted literal ('' doubled; DuckDB's ATTACH takes no parameter),
            // the tenant's own database name from current_database() as a quoted identifier, TpchTable names
            Map.entry("workload/tpch/PreparedCopy.java", Set.of("attach(file)", "target.replace(\"\", \"\")",
                    "name")),
            // ALTER SYSTEM SET statements rendered by PostgreSQL's knob catalog (KnobCatalog.statements: validated
            // values; the live trial protocol of a persistent server)
            Map.entry("engine/postgres/LiveSettings.java", Set.of("sql")),
            // SET GLOBAL statements rendered by MariaDB's knob catalog (KnobCatalog.statements: validated values)
            Map.entry("engine/mariadb/MariaDbServer.java", Set.of("sql")),
            // a TpchTable's name, and one "?" placeholder per column
            Map.entry("workload/tpch/BatchInsertSink.java", Set.of("table",
                    "String.join(\"\", Collections.nCopies(columnCount, \"\"))")),
            // query texts of TpchQueries with parameters drawn by TpchQueryParameters (generated, never user text)
            Map.entry("workload/QueryRunner.java", Set.of("sql")),
            // the micro-benchmark's statement: the user's own SQL by design (scale --statement), run as given
            Map.entry("workload/micro/UserLoop.java", Set.of("sql")),
            // SET statements rendered by the engine's knob catalog (KnobCatalog.statements: validated values)
            Map.entry("workload/agent/TenantDatabase.java", Set.of("setting")),
            // the helpers' parameter: constant view queries of PostgresView, MariaDbView, DuckDbView, SettingsOnlyView
            Map.entry("engine/view/ViewRows.java", Set.of("sql")),
            // the shop schema's own tables and identities (ShopSchema constants), restarted at a computed long
            // through engine.SqlDialect, which joins only those names, its keywords and the number
            Map.entry("shop/db/ShopSchema.java", Set.of("table", "dialect.restartIdentity(t[0], t[1], next[k])",
                    "ddl")),
            Map.entry("shop/db/Sql.java", Set.of("sql")),   // the helpers' parameter: checked at their callers here
            Map.entry("shop/db/ShopPopulator.java", Set.of("sql")),   // INSERT text built from ShopSchema columns
            // the search's WHERE clause is one of three literals; the user's text is the bound LIKE parameter
            Map.entry("shop/db/BrowseTransactions.java", Set.of("where")),
            // results.duckdb: table names made of [a-z0-9_] only (ResultsTable.identifier) and quoted, a UNION of
            // read_csv(?) with every path bound, the run's fixed column definitions
            Map.entry("store/ResultsDatabase.java", Set.of("reads", "quoted", "csv.emptyColumns()")),
            // a table in memory: its identifier, column definitions of identifiers and fixed types, a "?" per column
            Map.entry("store/RowsTable.java", Set.of("quoted", "String.join(\"\", definitions)", "marks")),
            // export: the database's own table names quoted ('"' doubled), the target path as a literal ('' doubled;
            // COPY takes no parameter), the format's fixed options
            Map.entry("store/ResultsExport.java", Set.of("table", "target", "format.copyOptions()")),
            // the thread samples' export: its output file as a quoted literal ('' doubled), COPY's fixed options
            Map.entry("monitor/store/SampleExport.java", Set.of("target", "format.copyOptions()")),
            // TPC-C: every statement's text is a literal at its call of bound/update (TpccReads, TpccTransactions)
            Map.entry("workload/tpcc/TpccStatements.java", Set.of("sql")),
            // the nine tables' names (TpccSchema.TABLES) and a "?" per column and row; execute(full|rest) runs the
            // prepared batch, not SQL text
            Map.entry("workload/tpcc/TpccRows.java", Set.of("table", "sql(ROWS_PER_INSERT)", "full", "sql(count)",
                    "rest")),
            // COPY or LOAD DATA into one of the nine tables (TpccSchema.TABLES, named by TpccGenerator)
            Map.entry("workload/tpcc/TpccTextRows.java", Set.of("table", "sql")),
            Map.entry("workload/tpcc/TpccConsistency.java", Set.of("CONDITIONS[i][1]")),   // fixed queries
            // the prepared cluster's count of each of TpccSchema.TABLES (constant names) at its build
            Map.entry("workload/tpcc/PreparedTpccCluster.java", Set.of("table")),
            // DDL from TpccSchema's own constant tables, columns and keys
            Map.entry("workload/tpcc/TpccSchema.java", Set.of("TABLES.get(i)", "table", "columns(table, dialect)",
                    "(key == null || keysLater ? \"\" : \"\" + key + \"\")", "key", "String.join(\"\", TABLES)")),
            // pgbench's fixed table names, the fill factor clause (an int checked to 10..100), a "?" per column
            Map.entry("workload/pgbench/PgbenchLoader.java", Set.of("table", "with", "target",
                    "\"\".repeat(columns - 1)")),
            // a user's script statement, each of its variables replaced by a bound parameter
            Map.entry("workload/pgbench/ScriptRunner.java", Set.of("sql.statements[s]")),
            // a workload file's statements, each :name replaced by a bound parameter (FileUser); its set-up
            // statements and the queries of its samples, run as the file gives them (FileWorkload)
            Map.entry("workload/file/FileUser.java", Set.of("statements.get(s).sql()")),
            Map.entry("workload/file/FileWorkload.java", Set.of("sql", "spec.query()")));

    @Test
    void sqlTextJoinsOnlyLiteralsConstantsAndListedCatalogNames() throws IOException {
        Path main = Path.of("src/main/java/io/tunescope");
        List<String> violations = new ArrayList<>();
        int calls = 0;
        try (Stream<Path> files = Files.walk(main)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String name = main.relativize(file).toString();
                if (name.equals("cli/Main.java")) {
                    continue;   // picocli's execute(args), not SQL
                }
                String source = Files.readString(file);
                Matcher m = CALL.matcher(source);
                while (m.find()) {
                    String argument = sqlArgument(source, m.end(), m.group(1).startsWith("Sql."));
                    if (argument == null || argument.isBlank() || DECLARATION.matcher(argument).matches()) {
                        continue;   // no argument, or a method's own declaration (void execute(String sql))
                    }
                    calls++;
                    for (String operand : operands(argument)) {
                        if (!CONSTANT.matcher(operand).matches()
                                && !ALLOWED.getOrDefault(name, Set.of()).contains(operand)) {
                            violations.add(name + ": " + m.group(1) + "(" + argument + "): " + operand);
                        }
                    }
                }
            }
        }
        assertThat(calls).as("SQL calls read").isGreaterThan(40);
        assertThat(violations).as("SQL text with something that is neither a literal, a constant nor listed")
                .isEmpty();
    }

    @Test
    void theCheckCatchesASplicedValue() {
        assertThat(operands("\"SELECT * FROM t WHERE name = '\" + name + \"'\"")).containsExactly("name");
        assertThat(operands("\"SELECT \" + COLUMNS + \" FROM item WHERE i_id = ?\"")).containsExactly("COLUMNS");
        assertThat(operands("\"a + b\" + x.y()")).containsExactly("x.y()");
    }

    /** The SQL argument of the call whose '(' ends at {@code from}: the first one, or the second for Sql helpers. */
    private static String sqlArgument(String source, int from, boolean second) {
        List<String> args = new ArrayList<>();
        int depth = 0;
        StringBuilder current = new StringBuilder();
        for (int i = from; i < source.length(); i++) {
            char ch = source.charAt(i);
            if (ch == '"') {
                int end = i + 1;
                while (end < source.length() && source.charAt(end) != '"') {
                    end += source.charAt(end) == '\\' ? 2 : 1;
                }
                current.append(source, i, end + 1);
                i = end;
                continue;
            }
            if (ch == '(' || ch == '[' || ch == '{') {
                depth++;
            } else if (ch == ')' || ch == ']' || ch == '}') {
                if (depth == 0) {
                    args.add(current.toString().strip());
                    break;
                }
                depth--;
            } else if (ch == ',' && depth == 0) {
                args.add(current.toString().strip());
                current.setLength(0);
                continue;
            }
            current.append(ch);
        }
        int index = second ? 1 : 0;
        return args.size() > index ? args.get(index).replaceAll("\\s+", " ") : null;
    }

    /** The operands of {@code +} that are not string literals. */
    static List<String> operands(String expression) {
        String masked = LITERAL.matcher(expression).replaceAll("\"\"");
        List<String> out = new ArrayList<>();
        int depth = 0;
        StringBuilder current = new StringBuilder();
        for (char ch : (masked + "+").toCharArray()) {
            if (ch == '(' || ch == '[') {
                depth++;
            } else if (ch == ')' || ch == ']') {
                depth--;
            }
            if (ch == '+' && depth == 0) {
                String operand = current.toString().strip();
                if (!operand.isEmpty() && !operand.equals("\"\"")) {
                    out.add(operand);
                }
                current.setLength(0);
            } else {
                current.append(ch);
            }
        }
        return out;
    }
}
