package io.tunescope.workload.tpch;

import io.tunescope.BadInputException;
import io.tunescope.engine.SqlDialect;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The 22 TPC-H query texts. The tpch jar ships them in Presto's dialect with the validation parameters; we
 * substitute parameters, then adapt the text: drop {@code --} header lines, turn {@code date('...')} into a date
 * literal, {@code decimal '0.06'} into a plain numeric literal, and Q15's view into a common table expression so that
 * concurrent users need no DDL (a shared view would make users of one tenant collide). For MariaDB, Q13's derived
 * table with a column list becomes a common table expression with that list.
 */
public final class TpchQueries {
    public static final int COUNT = 22;
    private static final String RESOURCE = "/io/trino/tpch/queries/q%d.sql";
    private static final Pattern DATE_CALL = Pattern.compile("(?i)\\bdate\\('(\\d{4}-\\d{2}-\\d{2})'\\)");
    private static final Pattern DECIMAL_LITERAL = Pattern.compile("(?i)\\bdecimal\\s+'([-0-9.]+)'");
    private static final Pattern VIEW = Pattern.compile(
            "(?is)\\s*CREATE\\s+OR\\s+REPLACE\\s+VIEW\\s+(\\w+)\\s+AS\\s+(.*?);\\s*(SELECT.*)");
    /** A query over one derived table with a column list (Q13): {@code SELECT ... FROM (SELECT ...) AS t (a, b) ...}. */
    private static final Pattern DERIVED_COLUMNS = Pattern.compile(
            "(?s)(SELECT.*?)FROM\\s*\\(\\s*(SELECT.*)\\)\\s*AS\\s+(\\w+)\\s*\\(([\\w\\s,]+)\\)(.*)");
    private static final List<String> TEMPLATES = loadTemplates();

    private TpchQueries() {
    }

    /** Parses {@code Q7}, {@code q7} or {@code 7}; anything else is bad input. */
    public static int parseQueryNumber(String text) {
        String digits = text.trim().replaceFirst("^[Qq]", "");
        try {
            int number = Integer.parseInt(digits);
            if (number >= 1 && number <= COUNT) {
                return number;
            }
        } catch (NumberFormatException e) {
            // fall through to the error below
        }
        throw BadInputException.of("query", text, "must be Q1 to Q22");
    }

    public static String name(int query) {
        return "Q" + query;
    }

    /** The reference text with validation parameters, adapted to {@code dialect}. */
    public static String validationSql(int query, SqlDialect dialect) {
        return sql(query, TpchQueryParameters.validation(query), dialect);
    }

    /** The text with {@code substitutions} applied, adapted to {@code dialect}. */
    public static String sql(int query, List<Substitution> substitutions, SqlDialect dialect) {
        return adapt(substitute(template(query), substitutions), dialect);
    }

    static String template(int query) {
        if (query < 1 || query > COUNT) {
            throw BadInputException.of("query", query, "must be 1 to 22");
        }
        return TEMPLATES.get(query - 1);
    }

    /**
     * Replaces every literal in two phases (literal to placeholder, placeholder to value) so that a value equal to
     * another parameter's literal (Q7's two nations swapped) is not replaced again.
     */
    static String substitute(String text, List<Substitution> substitutions) {
        String result = text;
        for (int i = 0; i < substitutions.size(); i++) {
            String literal = substitutions.get(i).literal();
            if (!result.contains(literal)) {
                throw new IllegalStateException("parameter literal " + literal + " not found in query text");
            }
            result = result.replace(literal, placeholder(i));
        }
        for (int i = 0; i < substitutions.size(); i++) {
            result = result.replace(placeholder(i), substitutions.get(i).value());
        }
        return result;
    }

    private static String placeholder(int index) {
        return "\u0000" + index + "\u0000";
    }

    static String adapt(String text, SqlDialect dialect) {
        String sql = text.lines().filter(line -> !line.stripLeading().startsWith("--"))
                .collect(Collectors.joining("\n")).strip();
        sql = DATE_CALL.matcher(sql).replaceAll("DATE '$1'");
        sql = DECIMAL_LITERAL.matcher(sql).replaceAll("$1");
        Matcher view = VIEW.matcher(sql);
        if (view.matches()) {
            sql = "WITH " + view.group(1) + " AS (\n" + view.group(2).strip() + "\n)\n" + view.group(3);
        }
        Matcher derived = DERIVED_COLUMNS.matcher(sql);
        if (dialect == SqlDialect.MARIADB && derived.matches()) {
            // MariaDB (before 11) takes no column list on a derived table, but does on a common table expression
            sql = "WITH " + derived.group(3) + " (" + derived.group(4).strip() + ") AS (\n" + derived.group(2).strip()
                    + "\n)\n" + derived.group(1) + "FROM " + derived.group(3) + derived.group(5);
        }
        while (sql.endsWith(";")) {
            sql = sql.substring(0, sql.length() - 1).strip();
        }
        return sql;
    }

    private static List<String> loadTemplates() {
        return java.util.stream.IntStream.rangeClosed(1, COUNT).mapToObj(TpchQueries::readResource).toList();
    }

    static String readResource(int query) {
        String path = String.format(RESOURCE, query);
        try (InputStream in = TpchQueries.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("resource " + path + " missing from the tpch jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
