package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.analysis.usl.UslAnalysis;
import io.tunescope.analysis.usl.UslCsv;
import io.tunescope.analysis.usl.UslPoint;
import io.tunescope.analysis.usl.UslResult;
import io.tunescope.report.scale.ScaleChart;
import io.tunescope.report.scale.ScaleTables;
import io.tunescope.store.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code tunescope usl FILE.csv}: fits the Universal Scalability Law to user-supplied points. */
@Command(name = "usl", mixinStandardHelpOptions = true,
        description = "Fit X(N) = lambda*N / (1 + sigma*(N-1) + kappa*N*(N-1)) to a CSV of concurrency,throughput "
                + "(at least 6 points): sigma, kappa, lambda, R2, peak concurrency and throughput, bootstrap CIs.")
public final class UslCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE.csv", description = "CSV with columns concurrency,throughput")
    Path file;

    @Mixin
    JsonOption json;

    @Option(names = "--chart", paramLabel = "BASE", description = "also write BASE.png and BASE.svg")
    Path chart;

    @Mixin
    SeedOption seed;

    @Mixin
    BootstrapOption bootstrap;

    @Override
    public Integer call() throws IOException {
        int refits = bootstrap.refits();
        List<UslPoint> points = UslCsv.parse(read(file));
        UslResult result = UslAnalysis.analyze(points, refits, seed.seed());
        if (json.on()) {
            System.out.println(Json.toJson(UslJson.of(result)));
        } else {
            System.out.println(ScaleTables.usl(result));
        }
        if (chart != null) {
            ScaleChart.Curve curve = new ScaleChart.Curve("data",
                    points.stream().mapToDouble(UslPoint::concurrency).toArray(),
                    points.stream().mapToDouble(UslPoint::throughput).toArray(), new double[points.size()]);
            ScaleChart.write(ScaleChart.build(file.getFileName().toString(), "throughput", List.of(curve),
                    Map.of("data", result)), chart);
        }
        return ExitCode.OK;
    }

    private static String read(Path file) throws IOException {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw BadInputException.of("file", file, "does not exist");
        }
    }

    /**
     * What {@code usl --json} prints: the fit's figures flat at the top level, where scripts read them by name, then
     * the intervals and warnings; unlike {@link UslResult} without {@code maxConcurrency} and the
     * {@code peakOpsPerSec} alias that a scale run's summary.json uses.
     */
    record UslJson(double sigma, double kappa, double lambda, double r2, Integer peakThreads, Double peakThroughput,
                   int points, UslResult.Intervals ci95, List<String> warnings) {
        static UslJson of(UslResult r) {
            return new UslJson(r.sigma(), r.kappa(), r.lambda(), r.r2(), r.peakThreads(), r.peakThroughput(),
                    r.points(), r.ci95(), r.warnings());
        }
    }
}
