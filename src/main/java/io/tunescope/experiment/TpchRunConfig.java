package io.tunescope.experiment;

import io.tunescope.BadInputException;
import io.tunescope.config.JdbcUrls;
import io.tunescope.engine.CpuList;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.SqlDialect;
import io.tunescope.workload.DataConfig;
import io.tunescope.workload.WorkloadConfig;
import io.tunescope.workload.WorkloadDefinition;
import io.tunescope.workload.pgbench.PgbenchLoader;
import io.tunescope.workload.tpcc.TpccScale;

import io.tunescope.store.RunConfigEcho;
import java.util.Objects;

/**
 * One TPC-H run: how the engine is reached, the data, what the users run and for how long, where the tenants run,
 * and where results go. Each part checks its own rules when built; this record checks only the rules that join two
 * parts. The password is not here: it is read from the environment variable the connection names when the run starts.
 * Build one with {@link #builder()}, change one with the {@code with...} copies.
 */
public record TpchRunConfig(ConnectionConfig connection, DataConfig data, WorkloadConfig workload,
                            PlacementConfig placement, OutputConfig output) {
    public TpchRunConfig {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(output, "output");
        Engine engine = connection.engine();
        if (!placement.serverSettings().isEmpty() && !engine.tenantRunsAs(Lifecycle.PRIVATE_SERVER)) {
            throw BadInputException.of("serverSettings", placement.serverSettings(), "only apply to engines tunescope starts as servers (postgres, mariadb)");
        }
        if (!placement.engineSettings().isEmpty()) {
            if (!engine.tenantRunsAs(Lifecycle.PRIVATE_SERVER) && !engine.tenantRunsAs(Lifecycle.AGENT_HOSTED)) {
                throw BadInputException.of("engineSettings", placement.engineSettings().keySet(),
                        "only apply to engines tunescope starts or hosts (postgres, mariadb, duckdb), not to " + engine.id());
            }
            engine.knobs().validate(placement.engineSettings());
        }
        if (workload.definition().kind() == WorkloadDefinition.Kind.PGBENCH) {
            PgbenchLoader.scaleOf(data.scaleFactor());
            if (data.validate()) {
                throw BadInputException.of("validate", true, "applies to TPC-H only, not to a pgbench workload");
            }
        }
        if (workload.definition().kind() == WorkloadDefinition.Kind.FILE && data.validate()) {
            throw BadInputException.of("validate", true, "applies to TPC-H only, not to a workload file");
        }
        checkEngineRunsWorkload(engine, connection.url(), workload.definition());
        if (workload.definition().kind() == WorkloadDefinition.Kind.TPCC) {
            TpccScale.checkWarehouses(warehousesOf(data.scaleFactor()));
            if (data.validate()) {
                throw BadInputException.of("validate", true, "applies to TPC-H only, not to TPC-C");
            }
        }
        if (workload.latencyLimit() != null && workload.definition().transactions() == null) {
            throw BadInputException.of("latency-limit", io.tunescope.config.DurationText.format(
                    workload.latencyLimit()), "applies to workloads of named transactions (pgbench:..., tpcc, "
                    + "file:...), not to TPC-H");
        }
        if (workload.ratePerSec() > 0 && workload.definition().thinkTimes()) {
            // an arrival's latency counts from its scheduled start, which a keying time would land inside
            throw BadInputException.of("rate", workload.ratePerSec(), "does not combine with tpcc:think, whose "
                    + "terminals are closed users that key and think");
        }
        if (workload.ratePerSec() > 0 && workload.definition().transactions() == null) {
            throw BadInputException.of("rate", workload.ratePerSec(), "applies to workloads of named transactions "
                    + "(pgbench:..., tpcc), not to TPC-H");
        }
        if (engine.tenantRunsAs(Lifecycle.EXTERNAL) && placement.cpus() != null) {
            throw BadInputException.of("cpus", placement.cpus(),
                    "cannot pin a database tunescope did not start (--engine jdbc)");
        }
    }

    /**
     * An engine an agent hosts with no dialect of its own (H2) runs TPC-C only; TPC-C needs an engine whose
     * connections write concurrently (never SQLite, also when reached by URL).
     */
    private static void checkEngineRunsWorkload(Engine engine, String url, WorkloadDefinition definition) {
        boolean tpcc = definition.kind() == WorkloadDefinition.Kind.TPCC;
        if (engine.tenantRunsAs(Lifecycle.AGENT_HOSTED) && engine.dialect() == SqlDialect.GENERIC && !tpcc) {
            throw BadInputException.of("workload", definition, "cannot run on engine " + engine.id()
                    + ", which runs --workload tpcc only");
        }
        Engine database = engine.tenantRunsAs(Lifecycle.EXTERNAL) && url != null ? Engines.ofJdbcUrl(url) : engine;
        if (tpcc && !database.concurrentWriters()) {
            throw BadInputException.of("engine", database.id(), "cannot run TPC-C: it lets one connection at a time "
                    + "write, and TPC-C's terminals write concurrently");
        }
    }

    /** TPC-C's warehouses travel as the data's scale factor, a whole number. */
    public static int warehousesOf(double scaleFactor) {
        if (scaleFactor != Math.rint(scaleFactor)) {
            throw BadInputException.of("warehouses", scaleFactor, "must be a whole number");
        }
        return (int) scaleFactor;
    }

    public static TpchRunConfigBuilder builder() {
        return new TpchRunConfigBuilder();
    }

    /** A builder holding every value of this configuration, to change several at once. */
    public TpchRunConfigBuilder toBuilder() {
        return new TpchRunConfigBuilder(this);
    }

    public TpchRunConfig withConnection(ConnectionConfig value) {
        return new TpchRunConfig(value, data, workload, placement, output);
    }

    public TpchRunConfig withData(DataConfig value) {
        return new TpchRunConfig(connection, value, workload, placement, output);
    }

    public TpchRunConfig withWorkload(WorkloadConfig value) {
        return new TpchRunConfig(connection, data, value, placement, output);
    }

    public TpchRunConfig withPlacement(PlacementConfig value) {
        return new TpchRunConfig(connection, data, workload, value, output);
    }

    public TpchRunConfig withOutput(OutputConfig value) {
        return new TpchRunConfig(connection, data, workload, placement, value);
    }

    /** The configuration as echoed into summary.json (no password, the URL with any password masked). */
    public RunConfigEcho echo() {
        boolean tpcc = workload.definition().kind() == WorkloadDefinition.Kind.TPCC;
        return new RunConfigEcho(connection.engine().id(), JdbcUrls.redact(connection.url()), connection.dbUser(),
                data.scaleFactor(), tpcc ? warehousesOf(data.scaleFactor()) : null, placement.tenants(),
                workload.users(), workload.definition().toString(), workload.waitAfterQuery().toMillis(),
                workload.duration() == null ? null : workload.duration().toMillis(),
                workload.iterations() > 0 ? workload.iterations() : null, workload.warmupIterations(),
                placement.cpus() == null ? null : placement.cpus().stream().map(CpuList::text).toList(),
                data.validate(), workload.seed(), workload.prepared(),
                workload.latencyLimit() == null ? null : workload.latencyLimit().toNanos() / 1e6,
                workload.ratePerSec() > 0 ? workload.ratePerSec() : null, data.load(), data.loadThreads(),
                data.dataCache(), placement.duckdbThreads() == 0 ? null : placement.duckdbThreads(),
                placement.serverSettings(), placement.engineSettings());
    }
}
