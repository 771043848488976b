package io.tunescope.experiment;

import io.tunescope.BadInputException;
import io.tunescope.engine.CpuList;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Lifecycle;
import io.tunescope.workload.WorkloadDefinition;
import io.tunescope.workload.tpch.ReferenceAnswer;
import io.tunescope.workload.tpch.TpchLoader;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One TPC-H run, checked when built: every rule names the option, its value and the rule. The password is not here:
 * it is read from the environment variable {@code passwordEnv} when the run starts.
 */
public record TpchRunConfig(Engine engine, String url, String dbUser, String passwordEnv, double scaleFactor,
                            int tenants, int users, WorkloadDefinition workload, Duration waitAfterQuery,
                            Duration duration, int iterations, int warmupIterations, List<CpuList> cpus,
                            boolean validate, long seed, Path outDir, boolean prepared, Path pgBin, boolean load,
                            int loadThreads, int duckdbThreads, boolean keepData, List<String> serverSettings) {
    public static final int MAX_TENANTS = 64;
    public static final int MAX_USERS = 1024;

    /** The run without extra server settings (the PostgreSQL configuration lines an experiment may add). */
    public TpchRunConfig(Engine engine, String url, String dbUser, String passwordEnv, double scaleFactor,
                         int tenants, int users, WorkloadDefinition workload, Duration waitAfterQuery,
                         Duration duration, int iterations, int warmupIterations, List<CpuList> cpus,
                         boolean validate, long seed, Path outDir, boolean prepared, Path pgBin, boolean load,
                         int loadThreads, int duckdbThreads, boolean keepData) {
        this(engine, url, dbUser, passwordEnv, scaleFactor, tenants, users, workload, waitAfterQuery, duration,
                iterations, warmupIterations, cpus, validate, seed, outDir, prepared, pgBin, load, loadThreads,
                duckdbThreads, keepData, List.of());
    }

    public TpchRunConfig {
        serverSettings = serverSettings == null ? List.of() : List.copyOf(serverSettings);
        if (!serverSettings.isEmpty() && !engine.tenantRunsAs(Lifecycle.PRIVATE_SERVER)) {
            throw BadInputException.of("serverSettings", serverSettings, "only apply to --engine postgres");
        }
        TpchLoader.checkScaleFactor(scaleFactor);
        if (tenants < 1 || tenants > MAX_TENANTS) {
            throw BadInputException.of("tenants", tenants, "must be between 1 and " + MAX_TENANTS);
        }
        if (users < 1 || users > MAX_USERS) {
            throw BadInputException.of("users", users, "must be between 1 and " + MAX_USERS);
        }
        if (engine.tenantRunsAs(Lifecycle.EXTERNAL) && (url == null || url.isBlank())) {
            throw BadInputException.of("url", url, "is required with --engine jdbc");
        }
        if (!engine.tenantRunsAs(Lifecycle.EXTERNAL) && url != null) {
            throw BadInputException.of("url", "(given)", "only applies to --engine jdbc");
        }
        if (engine.tenantRunsAs(Lifecycle.EXTERNAL) && cpus != null) {
            throw BadInputException.of("cpus", cpus, "cannot pin a database tunescope did not start (--engine jdbc)");
        }
        if (validate && Math.abs(scaleFactor - ReferenceAnswer.SCALE_FACTOR) > 1e-12) {
            throw BadInputException.of("validate", "scale factor " + scaleFactor,
                    "needs scale factor 0.01: the reference answers exist only there");
        }
        if ((duration == null) == (iterations <= 0)) {
            throw BadInputException.of("duration/iterations", (duration == null ? "none" : duration) + "/" + iterations,
                    "give exactly one: --duration (positive) or --iterations (at least 1)");
        }
        if (duration != null && (duration.isZero() || duration.isNegative())) {
            throw BadInputException.of("duration", duration, "must be positive");
        }
        if (warmupIterations < 0) {
            throw BadInputException.of("warmup", warmupIterations, "must not be negative");
        }
        if (waitAfterQuery.isNegative()) {
            throw BadInputException.of("wait", waitAfterQuery, "must not be negative");
        }
        if (loadThreads < 1) {
            throw BadInputException.of("load-threads", loadThreads, "must be at least 1");
        }
        if (duckdbThreads < 0) {
            throw BadInputException.of("duckdb-threads", duckdbThreads, "must be 0 (DuckDB's default) or more");
        }
        if (outDir == null) {
            throw BadInputException.of("out", null, "is required");
        }
        if (cpus != null && cpus.size() != tenants) {
            throw BadInputException.of("cpus", cpus, "must hold one CPU list per tenant");
        }
    }

    /** The configuration as echoed into summary.json (no password, the URL with any password masked). */
    public Map<String, Object> echo() {
        Map<String, Object> echo = new LinkedHashMap<>();
        echo.put("engine", engine.id());
        echo.put("url", io.tunescope.config.JdbcUrls.redact(url));
        echo.put("dbUser", dbUser);
        echo.put("scaleFactor", scaleFactor);
        echo.put("tenants", tenants);
        echo.put("users", users);
        echo.put("workload", workload.toString());
        echo.put("waitMillis", waitAfterQuery.toMillis());
        echo.put("durationMillis", duration == null ? null : duration.toMillis());
        echo.put("iterations", iterations > 0 ? iterations : null);
        echo.put("warmupIterations", warmupIterations);
        echo.put("cpus", cpus == null ? null : cpus.stream().map(CpuList::text).toList());
        echo.put("validate", validate);
        echo.put("seed", seed);
        echo.put("prepared", prepared);
        echo.put("load", load);
        echo.put("loadThreads", loadThreads);
        echo.put("duckdbThreads", duckdbThreads == 0 ? null : duckdbThreads);
        if (!serverSettings.isEmpty()) {
            echo.put("serverSettings", serverSettings);
        }
        return echo;
    }
}
