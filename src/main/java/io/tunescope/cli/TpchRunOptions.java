package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.experiment.TpchRunConfig;
import io.tunescope.store.DataCache;
import io.tunescope.workload.WorkloadDefinition;
import io.tunescope.workload.mix.PhaseList;
import io.tunescope.workload.tpcc.TpccScale;
import io.tunescope.workload.tpch.TpchLoader;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;

/** The options of a TPC-H run, shared by {@code run} (and reusable by other commands). */
public final class TpchRunOptions {
    @Option(names = "--engine", defaultValue = "duckdb", paramLabel = "ENGINE",
            completionCandidates = EngineCandidates.Tenants.class,
            description = "One of ${COMPLETION-CANDIDATES}: an embedded engine runs in a JVM of its own per tenant, a "
                    + "server engine as a private instance per tenant, and jdbc drives the database at --url "
                    + "(default: ${DEFAULT-VALUE}).")
    String engine;

    @Mixin
    JdbcUrlOptions jdbc;

    @Mixin
    PasswordEnvOption password;

    @Option(names = "--sf", paramLabel = "SF", description = "Scale: TPC-H's scale factor, 0.01 to 10 (default 0.01), "
            + "or for a pgbench workload its number of branches, 1 to 10 (default 1).")
    Double scaleFactor;

    @Option(names = "--warehouses", paramLabel = "N", description = "For --workload tpcc: the warehouses to load "
            + "and run on, 1 to 10 (default 1).")
    Integer warehouses;

    @Option(names = "--tenants", defaultValue = "1", description = "Tenants, each in its own process(es) (default: ${DEFAULT-VALUE}).")
    int tenants;

    @Option(names = "--users", defaultValue = "1", description = "Closed-loop users per tenant, each with its own connection (default: ${DEFAULT-VALUE}).")
    int users;

    @Option(names = "--workload", defaultValue = "sequence", paramLabel = "sequence|single:Qn|pgbench:SCRIPTS|tpcc|file:PATH",
            description = {"sequence (Q1..Q22 per iteration), single:Qn (one query repeated), or "
                    + "pgbench:SCRIPT[@WEIGHT],... (pgbench scripts: the built-ins tpcb-like, simple-update, "
                    + "select-only, or script files; one transaction per script, drawn by weight; see docs/workloads.md) "
                    + "or tpcc (TPC-C's five transactions, no think time; with --warehouses; tpcc:think with the "
                    + "specification's keying and think times) "
                    + "or file:PATH (a SQL workload file: transactions, parameters, phases) (default: ${DEFAULT-VALUE})."})
    String workload;

    @Option(names = "--rate", paramLabel = "TPS", description = "Open load for a pgbench workload: transactions per "
            + "second per tenant, arriving as a Poisson process spread over the users (each user is one connection, "
            + "so --users bounds the transactions in flight); a transaction's response time counts from its "
            + "scheduled start, so a stall shows. Default: closed loop.")
    Double rate;

    @Option(names = "--phases", paramLabel = "PHASES", description = "For a workload of named transactions "
            + "(pgbench:..., tpcc, file:...): the load shape in phases, in place of --duration and --rate: "
            + PhaseList.FORMAT + "; a warmup phase's transactions are left out of the results, --users must hold "
            + "every phase's users. Default: one phase, the command line's load.")
    String phases;

    @Option(names = "--latency-limit", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "For a workload of named transactions: count, per transaction, the measured ones whose "
                    + "response time (from the scheduled start under --rate or phases with a rate) exceeds this, "
                    + "e.g. 50ms; summary.json shows the count as late. Default: none.")
    Duration latencyLimit;

    @Option(names = "--permute", description = "Run the sequence in a seeded random order per user and iteration.")
    boolean permute;

    @Option(names = "--wait", defaultValue = "0s", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "Pause after each query, e.g. 10s (default: ${DEFAULT-VALUE}).")
    Duration wait;

    @Option(names = "--duration", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "Measure for this long, e.g. 30s (instead of --iterations).")
    Duration duration;

    @Option(names = "--iterations", paramLabel = "N", description = "Measure N iterations per user (default 1 unless --duration).")
    Integer iterations;

    @Option(names = "--warmup", defaultValue = "0", paramLabel = "N",
            description = "Warm-up iterations per user, recorded but excluded from results (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--cpus", paramLabel = "LIST[/LIST...]",
            description = "Pin tenants to CPUs: one list for all (0-1) or one per tenant (0/1).")
    String cpus;

    @Option(names = "--validate", description = "Use the validation parameters and check every result against the reference answers (scale factor 0.01).")
    boolean validate;

    @Mixin
    SeedOption seed;

    @Mixin
    ResultsDirOption out;

    @Option(names = "--prepared", description = "Use prepared statements instead of plain ones. Parameters are literals "
            + "drawn per execution, so each new text is prepared once (reused only when texts repeat, e.g. with --validate).")
    boolean prepared;

    @Mixin
    PgBinOption pgBin;

    @Option(names = "--load", negatable = true, paramLabel = "",
            description = "Generate and load TPC-H data (default: on for duckdb, h2, postgres and mariadb, off for jdbc).")
    Boolean load;

    @Option(names = "--load-threads", paramLabel = "N", description = "Parallel loading threads per tenant (default: CPU count).")
    Integer loadThreads;

    @Option(names = "--duckdb-threads", defaultValue = "0", paramLabel = "N",
            description = "DuckDB worker-thread limit (its 'threads' setting); 0 keeps DuckDB's default.")
    int duckdbThreads;

    @Option(names = "--keep-data", description = "Keep each private server's data directory after the run.")
    boolean keepData;

    @Option(names = "--data-cache", paramLabel = "DIR|default",
            description = "Copy each DuckDB tenant's data from a prepared file in DIR, built once per TPC-H scale "
                    + "factor (or TPC-C warehouses and seed) and checked against the generator's row counts, instead "
                    + "of generating it; 'default' is "
                    + "$TUNESCOPE_CACHE_DIR, else $XDG_CACHE_HOME/tunescope, else ~/.cache/tunescope (plans use it "
                    + "unless told 'off'; a run only when asked).")
    String dataCache;

    TpchRunConfig toConfig(String defaultOutPrefix) {
        Engine kind = Engines.tenants().byId(engine);
        jdbc.loadDriver();
        WorkloadDefinition definition = WorkloadDefinition.parse(workload, permute).withPhases(phases);
        double sf = scaleFactor != null ? scaleFactor
                : definition.kind() == WorkloadDefinition.Kind.PGBENCH || definition.kind() == WorkloadDefinition.Kind.FILE
                ? 1 : TpchLoader.MIN_SCALE_FACTOR;
        if (warehouses != null || definition.kind() == WorkloadDefinition.Kind.TPCC) {
            sf = tpccWarehouses(definition);
        }
        return TpchRunConfig.builder()
                .engine(kind).url(jdbc.url).dbUser(jdbc.user).passwordEnv(password.variable()).pgBin(pgBin.dirOrNull())
                .scaleFactor(sf).load(load).loadThreads(loadThreads).validate(validate)
                .users(users).workload(definition).waitAfterQuery(wait)
                .duration(duration).iterations(iterations).warmupIterations(warmup).prepared(prepared)
                .seed(seed.seed()).ratePerSec(rate == null ? 0 : checkedRate())
                .latencyLimit(latencyLimit)
                .tenants(tenants).cpus(cpus, Runtime.getRuntime().availableProcessors()).duckdbThreads(duckdbThreads)
                .outDir(out.dir(defaultOutPrefix)).keepData(keepData)
                .dataCache(dataCacheRoot())
                .build();
    }

    /** TPC-C's warehouses travel as the run's scale factor (as pgbench's branches do). */
    private int tpccWarehouses(WorkloadDefinition definition) {
        if (definition.kind() != WorkloadDefinition.Kind.TPCC) {
            throw BadInputException.of("warehouses", warehouses, "applies to --workload tpcc only");
        }
        if (scaleFactor != null) {
            throw BadInputException.of("sf", scaleFactor, "does not apply to TPC-C: give --warehouses");
        }
        return TpccScale.checkWarehouses(warehouses == null ? 1 : warehouses);
    }

    private double checkedRate() {
        if (!(rate > 0)) {
            throw BadInputException.of("rate", rate, "must be above 0 (transactions per second per tenant)");
        }
        return rate;
    }

    private String dataCacheRoot() {
        if (dataCache == null) {
            return null;
        }
        Path root = DataCache.resolve(dataCache.equals("default") ? null : dataCache);
        return root == null ? null : root.toString();
    }
}
