package io.tunescope.experiment;

import io.tunescope.engine.CpuList;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.workload.DataConfig;
import io.tunescope.workload.WorkloadConfig;
import io.tunescope.workload.WorkloadDefinition;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Collects the values of a {@link TpchRunConfig} by name; {@link #build()} checks them (through the records that own
 * them). Unset values take the defaults of {@code tunescope run}: DuckDB, scale factor 0.01, one tenant, one user,
 * the Q1..Q22 sequence, no pause, one iteration unless a duration is set, seed 1, data loaded unless the engine is
 * {@code jdbc}, one loading thread per CPU.
 */
public final class TpchRunConfigBuilder {
    private Engine engine = Engines.byId("duckdb");
    private String url;
    private String dbUser;
    private String passwordEnv;
    private Path pgBin;
    private double scaleFactor = 0.01;
    private Boolean load;
    private Integer loadThreads;
    private boolean validate;
    private String dataCache;
    private int users = 1;
    private WorkloadDefinition workload = WorkloadDefinition.parse("sequence", false);
    private Duration waitAfterQuery = Duration.ZERO;
    private Duration duration;
    private Integer iterations;
    private int warmupIterations;
    private boolean prepared;
    private long seed = 1;
    private double ratePerSec;
    private Duration latencyLimit;
    private int tenants = 1;
    private List<CpuList> cpus;
    private String cpusText;
    private int availableCpus;
    private int duckdbThreads;
    private List<String> serverSettings = List.of();
    private java.util.Map<String, Object> engineSettings = java.util.Map.of();
    private Path outDir;
    private boolean keepData;

    TpchRunConfigBuilder() {
    }

    TpchRunConfigBuilder(TpchRunConfig config) {
        ConnectionConfig c = config.connection();
        engine(c.engine()).url(c.url()).dbUser(c.dbUser()).passwordEnv(c.passwordEnv()).pgBin(c.pgBin());
        DataConfig d = config.data();
        scaleFactor(d.scaleFactor()).load(d.load()).loadThreads(d.loadThreads()).validate(d.validate())
                .dataCache(d.dataCache());
        WorkloadConfig w = config.workload();
        users(w.users()).workload(w.definition()).waitAfterQuery(w.waitAfterQuery()).duration(w.duration())
                .iterations(w.iterations()).warmupIterations(w.warmupIterations()).prepared(w.prepared()).seed(w.seed())
                .ratePerSec(w.ratePerSec()).latencyLimit(w.latencyLimit());
        PlacementConfig p = config.placement();
        tenants(p.tenants()).cpus(p.cpus()).duckdbThreads(p.duckdbThreads()).serverSettings(p.serverSettings())
                .engineSettings(p.engineSettings());
        outDir(config.output().dir()).keepData(config.output().keepData());
    }

    public TpchRunConfig build() {
        Duration duration = PhaseRules.duration(workload, this.duration, iterations, warmupIterations, ratePerSec,
                users);
        boolean byIterations = duration == null;
        return new TpchRunConfig(
                new ConnectionConfig(engine, url, dbUser, passwordEnv, pgBin),
                new DataConfig(scaleFactor, load != null ? load : !engine.tenantRunsAs(Lifecycle.EXTERNAL),
                        loadThreads != null ? loadThreads : Runtime.getRuntime().availableProcessors(), validate)
                        .withDataCache(dataCache),
                new WorkloadConfig(users, workload, waitAfterQuery, duration,
                        iterations != null ? iterations : byIterations ? 1 : 0, warmupIterations, prepared, seed,
                        ratePerSec, latencyLimit),
                new PlacementConfig(tenants, resolvedCpus(), duckdbThreads, serverSettings, engineSettings),
                new OutputConfig(outDir, keepData));
    }

    private List<CpuList> resolvedCpus() {
        if (cpusText == null) {
            return cpus;
        }
        // a bad tenant count is reported by its own rule, not as a CPU list that does not fit it
        return CpuList.perTenant(cpusText, Math.max(1, tenants), availableCpus);
    }

    public TpchRunConfigBuilder engine(Engine value) {
        engine = value;
        return this;
    }

    public TpchRunConfigBuilder url(String value) {
        url = value;
        return this;
    }

    public TpchRunConfigBuilder dbUser(String value) {
        dbUser = value;
        return this;
    }

    public TpchRunConfigBuilder passwordEnv(String value) {
        passwordEnv = value;
        return this;
    }

    public TpchRunConfigBuilder pgBin(Path value) {
        pgBin = value;
        return this;
    }

    public TpchRunConfigBuilder scaleFactor(double value) {
        scaleFactor = value;
        return this;
    }

    /** Null: load unless the engine is {@code jdbc}. */
    public TpchRunConfigBuilder load(Boolean value) {
        load = value;
        return this;
    }

    /** Null: one thread per available CPU. */
    public TpchRunConfigBuilder loadThreads(Integer value) {
        loadThreads = value;
        return this;
    }

    /** The directory of prepared TPC-H copies (load once, reuse everywhere), or null to load in every tenant. */
    public TpchRunConfigBuilder dataCache(String value) {
        dataCache = value;
        return this;
    }

    public TpchRunConfigBuilder validate(boolean value) {
        validate = value;
        return this;
    }

    public TpchRunConfigBuilder users(int value) {
        users = value;
        return this;
    }

    public TpchRunConfigBuilder workload(WorkloadDefinition value) {
        workload = value;
        return this;
    }

    public TpchRunConfigBuilder waitAfterQuery(Duration value) {
        waitAfterQuery = value;
        return this;
    }

    public TpchRunConfigBuilder duration(Duration value) {
        duration = value;
        return this;
    }

    /** Null: 1 without a duration, none with one. */
    public TpchRunConfigBuilder iterations(Integer value) {
        iterations = value;
        return this;
    }

    public TpchRunConfigBuilder warmupIterations(int value) {
        warmupIterations = value;
        return this;
    }

    public TpchRunConfigBuilder prepared(boolean value) {
        prepared = value;
        return this;
    }

    /** Open load: transactions per second per tenant; 0 (the default) for closed-loop users. */
    /** Counts the transactions slower than {@code value} (null: no limit). */
    public TpchRunConfigBuilder latencyLimit(Duration value) {
        latencyLimit = value;
        return this;
    }

    public TpchRunConfigBuilder ratePerSec(double value) {
        ratePerSec = value;
        return this;
    }

    public TpchRunConfigBuilder seed(long value) {
        seed = value;
        return this;
    }

    public TpchRunConfigBuilder tenants(int value) {
        tenants = value;
        return this;
    }

    public TpchRunConfigBuilder cpus(List<CpuList> value) {
        cpus = value;
        cpusText = null;
        return this;
    }

    /** CPU lists as text ({@code 0-1} for all tenants, {@code 0/1} one per tenant), resolved against the tenants. */
    public TpchRunConfigBuilder cpus(String text, int availableCpus) {
        cpusText = text;
        this.availableCpus = availableCpus;
        cpus = null;
        return this;
    }

    public TpchRunConfigBuilder duckdbThreads(int value) {
        duckdbThreads = value;
        return this;
    }

    public TpchRunConfigBuilder serverSettings(List<String> value) {
        serverSettings = value;
        return this;
    }

    /** Knob settings by name from the engine's catalog. */
    public TpchRunConfigBuilder engineSettings(java.util.Map<String, Object> value) {
        engineSettings = value;
        return this;
    }

    public TpchRunConfigBuilder outDir(Path value) {
        outDir = value;
        return this;
    }

    public TpchRunConfigBuilder keepData(boolean value) {
        keepData = value;
        return this;
    }
}
