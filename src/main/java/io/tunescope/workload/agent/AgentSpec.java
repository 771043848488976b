package io.tunescope.workload.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.tunescope.BadInputException;
import io.tunescope.store.Documents;
import io.tunescope.store.Json;
import io.tunescope.workload.DataConfig;
import io.tunescope.workload.DriverSettings;
import io.tunescope.workload.WorkloadConfig;
import io.tunescope.workload.tpch.PreparedCopy;
import io.tunescope.engine.SqlDialect;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything a tenant agent (the child JVM that drives one tenant) needs, written by the controller as JSON: the
 * run's own data and workload records as they are (durations in ISO-8601, the workload definition as an object),
 * checked again by their constructors when the agent reads them. No secret appears here: the password travels in
 * the agent's environment ({@link #PASSWORD_ENV}), and so does the JDBC URL ({@link #URL_ENV}), since users put
 * passwords in URLs too; {@code jdbcUrl} holds it masked.
 *
 * @param engine        the engine's id: one the agent hosts (DuckDB: an in-memory or file database), or one it connects to
 * @param jdbcUrl       for {@code jdbc}; for {@code duckdb} the database file, or empty for in-memory
 * @param duckdbThreads DuckDB's {@code threads} setting (the worker limit), or 0 for DuckDB's default
 * @param settings      statements that apply knob settings to a hosted database once it is open, rendered by the
 *                      engine's knob catalog in the controller (names from the catalog, values validated)
 * @param prepared      the prepared copy the tenant copies its data from instead of generating it, or null
 */
public record AgentSpec(String tenant, String engine, String jdbcUrl, String user, int duckdbThreads,
                        List<String> settings, DataConfig data, WorkloadConfig workload, String executionsCsv,
                        PreparedCopy prepared) {
    public AgentSpec {
        settings = settings == null ? List.of() : List.copyOf(settings);
    }

    public AgentSpec(String tenant, String engine, String jdbcUrl, String user, int duckdbThreads,
                     List<String> settings, DataConfig data, WorkloadConfig workload, String executionsCsv) {
        this(tenant, engine, jdbcUrl, user, duckdbThreads, settings, data, workload, executionsCsv, null);
    }

    public static final String PASSWORD_ENV = "TUNESCOPE_DB_PASSWORD";
    public static final String URL_ENV = "TUNESCOPE_DB_URL";

    /** The house mapper, plus java.time types written as ISO-8601 text ({@code PT0.5S}), not as numbers. */
    private static final ObjectMapper JSON = Json.MAPPER.copy().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS);

    /** The URL to connect to: the unmasked one from the environment when the controller set it. */
    static String realUrl(AgentSpec spec) {
        String url = System.getenv(URL_ENV);
        return url != null ? url : spec.jdbcUrl();
    }

    /** How this tenant's users run, on an engine that speaks {@code dialect}. */
    public DriverSettings driverSettings(SqlDialect dialect) {
        return new DriverSettings(tenant, workload, data, dialect);
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @throws BadInputException when a record in the text breaks one of its rules */
    public static AgentSpec fromJson(String json) throws IOException {
        try {
            return JSON.readValue(json, AgentSpec.class);
        } catch (ValueInstantiationException e) {
            if (e.getCause() instanceof BadInputException bad) {
                throw bad;
            }
            throw e;
        }
    }

    /** Writes the spec to {@code file} (a temporary file renamed: a full disk leaves no half of one). */
    public void write(Path file) throws IOException {
        Json.writeTextAtomically(file, JSON.writeValueAsString(Documents.stamped(file, JSON.valueToTree(this))));
    }

    /** Reads a spec {@link #write} wrote (its document header skipped). */
    public static AgentSpec read(Path file) throws IOException {
        return fromJson(JSON.writeValueAsString(Documents.withoutHeader(JSON.readTree(Files.readString(file)))));
    }
}
