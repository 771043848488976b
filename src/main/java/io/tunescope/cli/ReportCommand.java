package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.analysis.tune.TuningAnalysis;
import io.tunescope.report.ReportWriter;
import io.tunescope.report.TuningReport;
import io.tunescope.store.ResultsDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code tunescope report DIR}: profiles, groups, comparisons, prediction and an offline HTML page. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Analyze an experiment directory (from tunescope run PLAN.yaml --out DIR) and write "
                + "DIR/report.html (charts embedded, viewable offline), DIR/report/*.csv (each chart's data), "
                + "DIR/profiles.json, groups.json, comparisons.json, group-changes.json and prediction.json.",
                "On a directory from tunescope tune --out DIR: the tuning report (convergence, best and re-validated "
                        + "gain, knob importance, and the cross-apply matrix of a session tuned for several workloads)."})
public final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "The experiment (or single run) directory, or a tuning directory.")
    Path dir;

    @Option(names = "--cross-engine", paramLabel = "OTHER_DIR", description = "Also predict across engines: train on "
            + "every scenario of this experiment and test on the other engine's experiment in OTHER_DIR (same factors, "
            + "e.g. examples/hana-study-sf1.yaml and its -postgres twin), and the reverse: DIR/cross-engine.json and "
            + "section 5 of the page.")
    Path crossEngine;

    @Mixin
    SeedOption seed;

    @Override
    public Integer call() throws Exception {
        if (TuningAnalysis.isTuningDirectory(dir)) {
            TuningReport.Written t = TuningReport.write(dir);
            System.out.println(t.analysis().sessions().size() + " tuning session(s)"
                    + (t.analysis().matrix() == null ? "" : ", cross-apply matrix over "
                    + t.analysis().matrix().workloads().size() + " workloads"));
            System.out.println("report: " + t.html().toAbsolutePath() + " (" + t.charts() + " charts)");
            return ExitCode.OK;
        }
        if (crossEngine != null && !Files.isRegularFile(ResultsDir.of(crossEngine).summary())) {
            throw BadInputException.of("--cross-engine", crossEngine, "must be an experiment directory (with "
                    + "summary.json) from tunescope run PLAN.yaml --out DIR");
        }
        ReportWriter.Written written = ReportWriter.write(dir, seed.seed(), crossEngine);
        for (String skipped : written.skipped()) {
            System.err.println("tunescope: report: left out " + skipped);
        }
        var a = written.analysis();
        System.out.printf("%d cells, %d scenarios, %d queries; %d groups (%s); %d comparisons; prediction median APE "
                        + "%s vs baseline %s%n", a.data().cells().size(), a.data().scenarios().size(),
                a.data().queries().size(), a.groups().k(), a.monitored() ? "monitor metrics" : "response time and rows",
                a.comparisons().size(), fraction(a.prediction().mape()), fraction(a.prediction().baselineMape()));
        if (written.crossEngine() != null) {
            for (var d : written.crossEngine().directions()) {
                System.out.printf("across engines: trained on %s, tested on %s: median APE %s vs baseline %s%n",
                        d.trainedOn(), d.testedOn(), fraction(d.mape()), fraction(d.baselineMape()));
            }
        }
        System.out.println("report: " + written.html().toAbsolutePath() + " (" + written.charts() + " charts"
                + (written.skipped().isEmpty() ? "" : "; " + written.skipped().size() + " unreadable cells left out")
                + ")");
        return ExitCode.OK;
    }

    private static String fraction(Double f) {
        return f == null ? "n/a" : String.format("%.1f %%", f * 100);
    }
}
