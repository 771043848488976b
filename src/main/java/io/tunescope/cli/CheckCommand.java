package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.config.LocatedYaml;
import io.tunescope.experiment.plan.PlanParser;
import io.tunescope.tune.command.ClusterFileParser;
import io.tunescope.tune.command.ClusterLineTuner;
import io.tunescope.tune.command.TuningFileParser;
import io.tunescope.workload.file.WorkloadFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code tunescope check FILE...}: reads each configuration file as {@code run} or {@code tune} would and reports it
 * ok or its first error, running nothing. The kind follows the file's top-level keys, as those commands tell them
 * apart: {@code cluster:} a cluster tuning file, {@code clusterLine:} a line tuner's file, {@code base:} an
 * experiment plan, {@code transactions:} a workload file, anything else a tuning file.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Check experiment plans, tuning files, cluster files and workload files without running anything: "
                + "prints FILE: ok (kind) for each, or its first error (file:line: path (value) rule); "
                + "exit 0 when every file is ok, 3 otherwise.")
public final class CheckCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "plan, tuning, cluster or workload files (YAML)")
    List<Path> files;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int bad = 0;
        for (Path file : files) {
            try {
                out.println(file + ": ok (" + check(file) + ")");
            } catch (BadInputException e) {
                err.println("tunescope: " + e.getMessage().replace('\n', ' '));
                bad++;
            }
        }
        out.flush();
        err.flush();
        return bad == 0 ? ExitCode.OK : ExitCode.BAD_INPUT;
    }

    /** Reads {@code file} with the reader of its kind and returns the kind. */
    private static String check(Path file) {
        if (LocatedYaml.hasTopKey(file, "cluster")) {
            ClusterFileParser.read(file);
            return "cluster file";
        }
        if (LocatedYaml.hasTopKey(file, "clusterLine")) {
            ClusterLineTuner.check(file);
            return "line tuner file";
        }
        if (LocatedYaml.hasTopKey(file, "base")) {
            PlanParser.read(file);
            return "experiment plan";
        }
        if (LocatedYaml.hasTopKey(file, "transactions")) {
            WorkloadFiles.check(file);
            return "workload file";
        }
        TuningFileParser.read(file);
        return "tuning file";
    }
}
