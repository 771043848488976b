package io.tunescope.cli;

import io.tunescope.experiment.TpchRunConfig;
import io.tunescope.experiment.monitor.RunObserver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code tunescope demo}: the main job on the embedded default, with nothing to set up. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"TPC-H on embedded DuckDB: one tenant, one user, all 22 queries at scale factor 0.01, "
                + "each result validated against the reference answers.", "Same as: tunescope run --validate --iterations 1"})
public final class DemoCommand implements Callable<Integer> {
    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: runs/demo-<timestamp>).")
    Path out;

    @Override
    public Integer call() throws Exception {
        TpchRunConfig config = TpchRunConfig.builder()
                .validate(true)
                .iterations(1)
                .outDir(out != null ? out : TpchRunOptions.defaultOut("demo"))
                .build();
        return RunCommand.runAndReport(config, RunObserver.NONE);
    }
}
