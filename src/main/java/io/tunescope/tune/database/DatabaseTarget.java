package io.tunescope.tune.database;

import io.tunescope.Progress;
import io.tunescope.engine.Engines;
import io.tunescope.engine.knob.ApplyMethod;
import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.experiment.RunOutcome;
import io.tunescope.experiment.TpchRunConfig;
import io.tunescope.experiment.TpchRunner;
import io.tunescope.experiment.monitor.RunMonitor;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.store.TargetDescription;
import io.tunescope.store.VerdictExplanation;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TimeLimitedRun;
import io.tunescope.tune.target.TuningTarget;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A database running a TPC-H workload as a tuning target. One measurement is one run of {@link TpchRunner} on a
 * fresh tenant that starts with the configuration: a private PostgreSQL cluster whose {@code postgresql.conf} holds
 * the settings (a restart per trial, so restart-only knobs are tuned like any other), or a DuckDB database in its
 * agent JVM on which the catalog's {@code SET GLOBAL} statements run before loading. Each run loads, warms up
 * ({@code warmupIterations} per user, not measured), measures, stops everything it started, and then the target
 * pauses for the cool-down.
 *
 * <p>Because nothing outlives a run, the "last good configuration" is restored by construction: a configuration
 * that fails to apply or keeps the server from starting fails its own run only, and the next trial starts from its
 * own settings on a fresh server. A run past the time limit is interrupted (the runner then stops its processes) and
 * fails with that reason. The default configuration is applied like any other: its values are the catalog's
 * defaults, which are the engine's own (derived from this machine where the engine derives them).
 */
public final class DatabaseTarget implements TuningTarget, AutoCloseable {
    private static final long PARAMETER_SEED = 1;
    private final DatabaseTargetSpec spec;
    private final KnobCatalog catalog;
    private final Supplier<RunObserver> observers;
    /** The session's one server with {@code server: persistent}; null when each run starts its own. */
    private final LiveServer live;

    public DatabaseTarget(DatabaseTargetSpec spec) {
        this(spec, () -> RunObserver.NONE);
    }

    /**
     * A target whose every run is observed by a fresh observer from {@code observers} (for example the thread
     * monitor, which then writes each run's {@code monitor/} directory and adds per-query metrics to its summary).
     */
    public DatabaseTarget(DatabaseTargetSpec spec, Supplier<RunObserver> observers) {
        this(spec, observers, (Path) null);
    }

    /**
     * A target whose session keeps its persistent server ({@code server: persistent}) in {@code liveServerDir}
     * (see {@code TuningDir.liveServer()}); close it at the end of the session to stop that server.
     */
    public DatabaseTarget(DatabaseTargetSpec spec, Supplier<RunObserver> observers, Path liveServerDir) {
        this.spec = spec;
        this.catalog = spec.engine().knobs();
        this.observers = java.util.Objects.requireNonNull(observers, "observers");
        if (spec.server() == ServerMode.PERSISTENT && liveServerDir == null) {
            throw new IllegalArgumentException("a persistent server needs a directory");
        }
        this.live = spec.server() == ServerMode.PERSISTENT ? new LiveServer(spec, catalog, liveServerDir) : null;
    }

    /** The same target observed by {@code observers}, on the same persistent server (if any). */
    private DatabaseTarget(DatabaseTargetSpec spec, Supplier<RunObserver> observers, LiveServer live) {
        this.spec = spec;
        this.catalog = spec.engine().knobs();
        this.observers = observers;
        this.live = live;
    }

    @Override
    public Measurement measure(Configuration config, boolean isDefault, Path log) throws InterruptedException {
        Path runs = runDirectory(log);
        List<Double> values = new ArrayList<>();
        if (live != null) {
            live.ensureStarted();   // the first trial starts the session's server and loads it; not its own time
        }
        long begin = System.nanoTime();
        if (live != null) {
            String refused = live.apply(engineSettings(config));
            if (refused != null) {
                live.restore();
                return Measurement.failed("cannot apply: " + refused, (System.nanoTime() - begin) / 1_000_000);
            }
        }
        for (int r = 1; r <= spec.repeats(); r++) {
            TrialObjective.Value v = runOnce(config, isDefault, spec.repeats() == 1 ? runs : runs.resolve("run-" + r));
            if (v.value() == null) {
                if (live != null) {
                    live.restore();
                }
                return Measurement.failed(v.reason(), (System.nanoTime() - begin) / 1_000_000);
            }
            values.add(v.value());
        }
        if (live != null) {
            live.markGood();
        }
        return Measurement.ok(values, (System.nanoTime() - begin) / 1_000_000);
    }

    /** The engine-side settings of {@code config} (its knobs but the client's, such as users). */
    private Map<String, Object> engineSettings(Configuration config) {
        Map<String, Object> engineSettings = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : config.values().entrySet()) {
            if (!e.getKey().equals(Catalogs.USERS.name()) && catalog.knob(e.getKey()).apply() != ApplyMethod.CLIENT) {
                engineSettings.put(e.getKey(), e.getValue());
            }
        }
        return engineSettings;
    }

    /** The run's configuration: the workload of the spec, the users and engine settings of {@code config}. */
    TpchRunConfig runConfig(Configuration config, boolean isDefault, Path outDir) {
        int users = spec.users();
        Object u = config.values().get(Catalogs.USERS.name());
        if (u != null) {
            users = ((Number) Catalogs.USERS.validate(u)).intValue();
        }
        Map<String, Object> engineSettings = engineSettings(config);
        // one fixed parameter seed for every trial: each configuration runs the very same queries (common random
        // numbers), so the differences between trials are the configuration's, not the parameters'
        var b = TpchRunConfig.builder().engine(spec.engine()).pgBin(spec.pgBin()).scaleFactor(spec.scaleFactor())
                .validate(false).users(users).workload(spec.workload()).warmupIterations(spec.warmupIterations())
                .engineSettings(engineSettings).outDir(outDir).seed(PARAMETER_SEED);
        if (live != null) {
            // the session's server, loaded once and configured live: reached by URL like any database, not loaded
            b.engine(Engines.byId("jdbc")).pgBin(null).url(live.jdbcUrl()).dbUser(live.user()).load(false)
                    .engineSettings(Map.of());
        }
        if (spec.measure() != null) {
            b.duration(spec.measure());
        } else {
            b.iterations(spec.iterations());
        }
        return b.build();
    }

    private TrialObjective.Value runOnce(Configuration config, boolean isDefault, Path outDir)
            throws InterruptedException {
        TpchRunConfig run;
        try {
            run = runConfig(config, isDefault, outDir);
        } catch (RuntimeException e) {
            return new TrialObjective.Value(null, "cannot apply: " + e.getMessage());
        }
        RunObserver observer = observers.get();
        String password = live == null ? null : live.password();
        try {
            TimeLimitedRun<RunOutcome> r = TimeLimitedRun.run("tune-run", spec.timeout(),
                    () -> new TpchRunner(run, observer, Progress.NONE, password).run());
            return r.ok() ? TrialObjective.of(spec.objective(), r.value()) : new TrialObjective.Value(null, r.failure());
        } finally {
            coolDown();
        }
    }

    private void coolDown() throws InterruptedException {
        if (!spec.cooldown().isZero() && !Thread.currentThread().isInterrupted()) {
            Thread.sleep(spec.cooldown().toMillis());
        }
    }

    /** Runs go next to the trial's log file, in a directory of the same name without its extension. */
    public static Path runDirectory(Path log) {
        String name = log.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return log.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + "-runs");
    }

    /**
     * This target with every run monitored (the thread sampler at its default interval), sharing its persistent
     * server: the re-validation's runs then hold what {@link #explain} reads.
     */
    @Override
    public TuningTarget forRevalidation() {
        return new DatabaseTarget(spec, () -> new RunMonitor(MonitorOptions.defaults(MonitorOptions.DEFAULT_INTERVAL),
                null), live);
    }

    @Override
    public Optional<VerdictExplanation> explain(Path logs) {
        return RevalidationExplainer.explain(logs);
    }

    @Override
    public String snippet(Configuration config) {
        Map<String, Object> engineSide = new LinkedHashMap<>(config.values());
        engineSide.remove(Catalogs.USERS.name());
        return catalog.snippet(engineSide);
    }

    @Override
    public TargetDescription describe() {
        return new TargetDescription.Database(spec.engine().id(), spec.workload().toString(), spec.scaleFactor(),
                spec.users(), spec.warmupIterations(), spec.measure() == null ? null : spec.measure().toMillis(),
                spec.iterations() > 0 ? spec.iterations() : null, spec.cooldown().toMillis(),
                spec.objective().label(), spec.server().label());
    }

    /** Stops the session's persistent server, if one was started; nothing otherwise. */
    @Override
    public void close() throws IOException {
        if (live != null) {
            live.close();
        }
    }

    /** The persistent server's postmaster pid, once started (tests); empty with fresh servers. */
    java.util.Optional<io.tunescope.engine.postgres.PostgresServer> liveServer() {
        return live == null ? java.util.Optional.empty() : live.started();
    }

    public DatabaseTargetSpec spec() {
        return spec;
    }
}
