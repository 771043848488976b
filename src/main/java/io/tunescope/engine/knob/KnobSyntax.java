package io.tunescope.engine.knob;

/**
 * How an engine's settings are written: as SQL statements run on a connection and as lines of its configuration
 * file. The name always comes from a catalog (checked against {@link Knob#NAME} when the knob is made) and the value
 * is a literal rendered by {@link Knob#literal}, so nothing a user typed reaches the text unchecked.
 */
public enum KnobSyntax {
    /** PostgreSQL: {@code ALTER SYSTEM SET name = 'v'} and {@code postgresql.conf} lines {@code name = 'v'}. */
    POSTGRES("ALTER SYSTEM SET %s = %s", "%s = %s"),
    /** DuckDB: {@code SET GLOBAL name = v}; DuckDB has no configuration file, so the snippet is the statements. */
    DUCKDB("SET GLOBAL %s = %s", "SET GLOBAL %s = %s;"),
    /** MariaDB: {@code SET GLOBAL name = v} and {@code my.cnf} lines under {@code [mysqld]}. */
    MARIADB("SET GLOBAL %s = %s", "%s = %s"),
    /** H2: {@code SET NAME v} (no equals sign). */
    H2("SET %s %s", "SET %s %s;"),
    /** Derby: system properties of the JVM that opens the database; no SQL statement changes them. */
    JAVA_PROPERTY(null, "-D%s=%s"),
    /** tunescope's own driver settings: lines of the run options. */
    CLIENT(null, "%s: %s");

    private final String statement;
    private final String configLine;

    KnobSyntax(String statement, String configLine) {
        this.statement = statement;
        this.configLine = configLine;
    }

    String statement(String name, String literal) {
        if (statement == null) {
            throw new IllegalStateException(this + " settings have no SQL statement");
        }
        return String.format(statement, name, literal);
    }

    String configLine(String name, String literal) {
        return String.format(configLine, name, literal);
    }

    /** Whether size literals are quoted text ({@code '128MB'}) rather than a number with a unit suffix. */
    boolean quotesSizes() {
        return this == POSTGRES || this == DUCKDB;
    }
}
