package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.experiment.PlanRunner;
import io.tunescope.experiment.plan.ExperimentPlan;
import io.tunescope.experiment.plan.PlanParser;
import io.tunescope.store.FreshOutput;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.PlanSummary;

import java.nio.file.Files;
import java.nio.file.Path;

/** Wiring of {@code tunescope run PLAN.yaml}: read the plan, run its cells, print where the results are. */
final class PlanCommandSupport {
    private PlanCommandSupport() {
    }

    static int run(Path planFile, boolean quick, Path out) throws Exception {
        String name = planFile.getFileName().toString();
        if (!name.endsWith(".yaml") && !name.endsWith(".yml")) {
            throw BadInputException.of("PLAN", planFile, "must be a .yaml or .yml experiment plan");
        }
        ExperimentPlan plan = PlanParser.read(planFile, quick);
        if (Files.exists(ResultsDir.of(out).plan())) {
            FreshOutput.checkPlace(out);    // a plan resumes in its own directory (PlanRunner checks it is the same)
        } else {
            FreshOutput.check(out);
        }
        PlanSummary summary = new PlanRunner(plan, out, PlanRunner.CellListener.NONE, ProgressBar.ON_STDERR).run();
        System.out.printf("plan %s: %d of %d cells done (%d from an earlier run), %d failed, %.1f s%n",
                summary.plan(), summary.cellsDone(), summary.cellsTotal(), summary.cellsSkippedAsDone(),
                summary.cellsFailed(), summary.wallMillis() / 1000.0);
        System.out.println("results: " + out.toAbsolutePath() + "  (next: tunescope report " + out + ")");
        if (summary.failure() != null) {
            System.err.println("tunescope: " + summary.failure());
        }
        return ExitCode.of(summary.outcome());
    }
}
