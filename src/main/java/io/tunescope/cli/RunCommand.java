package io.tunescope.cli;

import io.tunescope.experiment.RunOutcome;
import io.tunescope.experiment.TpchRunConfig;
import io.tunescope.experiment.TpchRunner;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.report.SummaryTable;
import io.tunescope.store.FreshOutput;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code tunescope run}: TPC-H on one or more tenants. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run TPC-H against one or more tenants and record every execution.",
                "Writes DIR/summary.json, DIR/results.duckdb and DIR/tenants/<t>/executions.csv.",
                "Given an experiment plan (PLAN.yaml), runs every cell of it into DIR/cells/<cell>/ instead "
                        + "(only --out and --quick apply then); the same command again resumes an interrupted plan."})
public final class RunCommand implements Callable<Integer> {
    @Mixin
    TpchRunOptions options;

    @Mixin
    MonitorRunOptions monitor;

    @Parameters(index = "0", arity = "0..1", paramLabel = "PLAN.yaml",
            description = "An experiment plan to run (see examples/quick.yaml).")
    Path plan;

    @CommandLine.Option(names = "--quick", description = "With a plan: run only the subset its 'quick:' section names "
            + "(a short look before the full plan).")
    boolean quick;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (plan != null) {
            java.util.List<String> others = spec.commandLine().getParseResult().matchedOptions().stream()
                    .map(CommandLine.Model.OptionSpec::longestName).filter(n -> !n.equals("--out") && !n.equals("--quick")).toList();
            if (!others.isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "with a plan (" + plan + ") only --out "
                        + "and --quick apply; set " + String.join(", ", others) + " in the plan's base instead");
            }
            return PlanCommandSupport.run(plan, quick, options.out.dir("plan"));
        }
        if (quick) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--quick applies only with a plan (PLAN.yaml)");
        }
        RunObserver observer = monitor.observer();
        return runAndReport(options.toConfig("run"), observer);
    }

    static int runAndReport(TpchRunConfig config, RunObserver observer) throws Exception {
        FreshOutput.check(config.output().dir());
        RunOutcome outcome = new TpchRunner(config, observer, ProgressBar.ON_STDERR).run();
        System.out.print(SummaryTable.render(outcome.summary()));
        System.out.println();
        System.out.println("results: " + outcome.outDir().toAbsolutePath());
        if (outcome.problem() != null) {
            System.err.println("tunescope: " + outcome.problem());
        }
        return outcome.exitCode();
    }
}
