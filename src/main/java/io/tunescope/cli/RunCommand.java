package io.tunescope.cli;

import io.tunescope.experiment.RunObserver;
import io.tunescope.experiment.RunOutcome;
import io.tunescope.experiment.TpchRunner;
import io.tunescope.report.SummaryTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.concurrent.Callable;

/** {@code tunescope run}: TPC-H on one or more tenants. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run TPC-H against one or more tenants and record every execution.",
                "Writes DIR/summary.json, DIR/results.duckdb and DIR/tenants/<t>/executions.csv."})
public final class RunCommand implements Callable<Integer> {
    @Mixin
    TpchRunOptions options;

    @Mixin
    MonitorRunOptions monitor;

    @Override
    public Integer call() throws Exception {
        return runAndReport(options, "run", monitor.observer());
    }

    static int runAndReport(TpchRunOptions options, String outPrefix) throws Exception {
        return runAndReport(options, outPrefix, RunObserver.NONE);
    }

    static int runAndReport(TpchRunOptions options, String outPrefix, RunObserver observer) throws Exception {
        RunOutcome outcome = new TpchRunner(options.toConfig(outPrefix), observer).run();
        System.out.print(SummaryTable.render(outcome.summary()));
        System.out.println();
        System.out.println("results: " + outcome.outDir().toAbsolutePath());
        if (outcome.problem() != null) {
            System.err.println("tunescope: " + outcome.problem());
        }
        return outcome.exitCode();
    }
}
