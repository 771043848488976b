package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * A run's configuration as {@code summary.json} echoes it ({@link RunSummary#config()}): the engine, the URL with any
 * password masked, the database user, the data's size ({@code warehouses} for TPC-C alone), tenants, users, the
 * workload and its waits, length and warm-up, CPU lists, validation, the seed, prepared statements, the latency limit
 * and arrival rate (each absent when not set), loading, the data cache (absent without one), DuckDB's threads and the
 * server's and engine's settings (each absent when none was given; the engine's settings are the user's names with
 * their values, hence a map). A key that is null was not set ({@code durationMillis} or {@code iterations}: the other
 * one counts).
 */
public record RunConfigEcho(String engine, String url, String dbUser, double scaleFactor,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Integer warehouses, int tenants, int users,
                            String workload, long waitMillis, Long durationMillis, Integer iterations,
                            int warmupIterations, List<String> cpus, boolean validate, long seed, boolean prepared,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Double latencyLimitMillis,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Double ratePerSec, boolean load,
                            int loadThreads, @JsonInclude(JsonInclude.Include.NON_NULL) String dataCache,
                            Integer duckdbThreads,
                            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> serverSettings,
                            @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Object> engineSettings) {
    public RunConfigEcho {
        // absent in the file when empty, so none and empty are one value
        serverSettings = serverSettings == null ? List.of() : List.copyOf(serverSettings);
        engineSettings = engineSettings == null ? Map.of() : java.util.Collections.unmodifiableMap(
                new java.util.LinkedHashMap<>(engineSettings));
    }
}
