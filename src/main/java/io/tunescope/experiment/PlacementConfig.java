package io.tunescope.experiment;

import io.tunescope.BadInputException;
import io.tunescope.engine.CpuList;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How many tenants a run starts and what each may use: the CPUs it is pinned to (one list per tenant, or null for
 * no pinning), DuckDB's worker-thread limit (0 keeps DuckDB's default), extra PostgreSQL configuration lines, and
 * knob settings by name from the engine's catalog ({@code engineSettings}, checked against it when the run is
 * configured; applied as configuration lines of a private server or as statements on an embedded database).
 */
public record PlacementConfig(int tenants, List<CpuList> cpus, int duckdbThreads, List<String> serverSettings,
                              Map<String, Object> engineSettings) {
    public static final int MAX_TENANTS = 64;

    public PlacementConfig {
        cpus = cpus == null ? null : List.copyOf(cpus);
        serverSettings = serverSettings == null ? List.of() : List.copyOf(serverSettings);
        engineSettings = engineSettings == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(engineSettings));
        if (tenants < 1 || tenants > MAX_TENANTS) {
            throw BadInputException.of("tenants", tenants, "must be between 1 and " + MAX_TENANTS);
        }
        if (duckdbThreads < 0) {
            throw BadInputException.of("duckdb-threads", duckdbThreads, "must be 0 (DuckDB's default) or more");
        }
        if (cpus != null && cpus.size() != tenants) {
            throw BadInputException.of("cpus", cpus, "must hold one CPU list per tenant");
        }
    }

    /** {@code tenants} tenants, unpinned, with the engines' own defaults. */
    public static PlacementConfig of(int tenants) {
        return new PlacementConfig(tenants, null, 0, List.of(), Map.of());
    }

    /** The CPUs of tenant {@code index} (from 0), or null when tenants are not pinned. */
    public CpuList cpusOf(int index) {
        return cpus == null ? null : cpus.get(index);
    }

    public PlacementConfig withCpus(List<CpuList> value) {
        return new PlacementConfig(tenants, value, duckdbThreads, serverSettings, engineSettings);
    }

    public PlacementConfig withDuckdbThreads(int value) {
        return new PlacementConfig(tenants, cpus, value, serverSettings, engineSettings);
    }

    public PlacementConfig withServerSettings(List<String> value) {
        return new PlacementConfig(tenants, cpus, duckdbThreads, value, engineSettings);
    }
}
