package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.store.FreshOutput;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import io.tunescope.tune.bench.BenchCase;
import io.tunescope.report.BenchCharts;
import io.tunescope.tune.bench.BenchTable;
import io.tunescope.tune.bench.Surface;
import io.tunescope.tune.bench.TuneBench;
import io.tunescope.tune.strategy.Strategies;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code tunescope tune-bench}: strategies against Active Harmony's synthetic test functions. */
@Command(name = "tune-bench", mixinStandardHelpOptions = true,
        description = "Benchmark tuning strategies on synthetic test functions (sphere, rosenbrock, ackley, "
                + "michalewicz, rastrigin) over integer grids: median best-so-far at 25/50/100/200 trials and median "
                + "trials to come within 5%% of the optimum; with --out also summary.json and convergence charts.")
public final class TuneBenchCommand implements Callable<Integer> {
    @Option(names = "--budget", defaultValue = "200", description = "Trials per run (default ${DEFAULT-VALUE}).")
    int budget;

    @Option(names = "--seeds", defaultValue = "10", description = "Runs (seeds) per function and strategy (default ${DEFAULT-VALUE}).")
    int seeds;

    /** The first seed: run i of a cell uses seed + i. */
    @Mixin
    SeedOption seed;

    @Option(names = "--dims", split = ",", defaultValue = "2,4,6", description = "Dimensions (default ${DEFAULT-VALUE}).")
    List<Integer> dims;

    @Option(names = "--functions", split = ",", defaultValue = "sphere,rosenbrock,ackley,michalewicz,rastrigin",
            description = "Test functions (default ${DEFAULT-VALUE}).")
    List<String> functions;

    @Option(names = "--strategies", split = ",", defaultValue = "nelder-mead,pro,random,lhs,gp,bandit",
            description = "Strategies (default ${DEFAULT-VALUE}).")
    List<String> strategies;

    @Option(names = "--resolution", defaultValue = "21", description = "Grid levels per dimension, odd (default ${DEFAULT-VALUE}).")
    int resolution;

    @Option(names = "--noise", defaultValue = "0", description = "Additive Gaussian noise, standard deviation as a fraction of the function's scale (default ${DEFAULT-VALUE}).")
    double noise;

    @Option(names = "--quantum", defaultValue = "0", description = "Output quantisation step as a fraction of the scale (default ${DEFAULT-VALUE}).")
    double quantum;

    @Option(names = "--shift", defaultValue = "0.25", description = "Shift the grid by up to this fraction of its range per dimension and seed, so optima are off-centre; 0 keeps Active Harmony's centred functions (default ${DEFAULT-VALUE}).")
    double shift;

    @Option(names = "--threads", defaultValue = "2", description = "Runs in parallel (default ${DEFAULT-VALUE}).")
    int threads;

    @Mixin
    JsonOption json;

    @Mixin
    OptionalResultsDirOption out;

    @Override
    public Integer call() throws Exception {
        if (seeds < 1) {
            throw BadInputException.of("--seeds", seeds, "must be at least 1");
        }
        if (threads < 1) {
            throw BadInputException.of("--threads", threads, "must be at least 1");
        }
        strategies.forEach(s -> {
            if (!Strategies.exists(s)) {
                throw BadInputException.of("--strategies", s, "must be one of " + Strategies.names());
            }
        });
        TuneBench.Plan plan = new TuneBench.Plan(functions.stream().map(Surface::parse).toList(), dims, strategies,
                seeds, seed.seed(), budget, resolution, noise, quantum, shift, threads);
        for (int d : dims) {
            new BenchCase(plan.functions().get(0), d, strategies.get(0), seed.seed(), budget, resolution, noise, quantum, shift);
        }
        Path outDir = out.dirOrNull();
        if (outDir != null) {
            FreshOutput.create(outDir);
        }
        TuneBench.Outcome outcome = TuneBench.run(plan, ProgressBar.ON_STDERR);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("results", outcome.results());
        summary.put("plan", plan);
        summary.put("wallSeconds", Math.round(outcome.wallSeconds() * 10) / 10.0);
        summary.put("environment", io.tunescope.store.RunEnvironment.capture());
        if (json.on()) {
            System.out.println(Json.toJson(summary));
        } else {
            System.out.print(BenchTable.render(outcome));
        }
        if (outDir != null) {
            ResultsDir results = ResultsDir.of(outDir);
            Json.writeAtomically(results.summary(), summary);
            BenchCharts.write(results, outcome);
            System.err.println("tune-bench: wrote " + results.summary() + " and charts");
        }
        return ExitCode.OK;
    }
}
