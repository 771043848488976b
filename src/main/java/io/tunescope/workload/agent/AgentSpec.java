package io.tunescope.workload.agent;

/**
 * Everything a tenant agent (the child JVM that drives one tenant) needs, written by the controller as JSON. No
 * secret appears here: the password travels in the agent's environment ({@link #PASSWORD_ENV}), and so does the
 * JDBC URL ({@link #URL_ENV}), since users put passwords in URLs too; {@code jdbcUrl} holds it masked.
 *
 * @param engine         the tenant's engine id: one the agent hosts (duckdb: an in-memory or file database) or one
 *                       it connects to by URL
 * @param jdbcUrl        for {@code jdbc}; for {@code duckdb} the database file, or empty for in-memory
 * @param durationMillis measurement length, or 0 when {@code iterations} bounds the run
 * @param duckdbThreads  DuckDB's {@code threads} setting (the worker limit), or 0 for DuckDB's default
 */
public record AgentSpec(String tenant, String engine, String jdbcUrl, String user, boolean load, double scaleFactor,
                        int loadThreads, int users, String workload, boolean permuted, long waitMillis,
                        long durationMillis, int iterations, int warmupIterations, boolean prepared, boolean validate,
                        long seed, String executionsCsv, int duckdbThreads) {
    public static final String PASSWORD_ENV = "TUNESCOPE_DB_PASSWORD";
    public static final String URL_ENV = "TUNESCOPE_DB_URL";

    /** The URL to connect to: the unmasked one from the environment when the controller set it. */
    static String realUrl(AgentSpec spec) {
        String url = System.getenv(URL_ENV);
        return url != null ? url : spec.jdbcUrl();
    }
}
