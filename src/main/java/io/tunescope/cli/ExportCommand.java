package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.monitor.store.SampleExport;
import io.tunescope.store.FreshOutput;
import io.tunescope.store.ResultsDatabase;
import io.tunescope.store.ResultsExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code tunescope export DIR --out OUT --format parquet}: every table of DIR/results.duckdb as its own file. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write every table of DIR/results.duckdb (summary, figures, executions, query_stats, trials, "
                + "... whichever the command that wrote DIR recorded) to OUT/TABLE.parquet, .csv or .json "
                + "(newline-delimited), for pandas, DuckDB or Spark. The database is only read.",
            "With --samples also OUT/thread_samples.FORMAT: every raw thread sample of every recording in DIR "
                + "(run --monitor, each cell of a plan, monitor --out), one row per sample with its thread."})
public final class ExportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "A results directory holding results.duckdb "
            + "(from run, shop run, shop capacity, scale, monitor or tune), or the results.duckdb file itself.")
    Path dir;

    @Option(names = "--out", required = true, paramLabel = "OUT", description = "Where the files go: a new or empty "
            + "directory, or one without files of these names (files are never overwritten).")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "parquet",
            description = "parquet, csv or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--samples", description = "Also write the raw thread samples (samples.tsraw of every "
            + "recording under DIR) as the table thread_samples.")
    boolean samples;

    @Override
    public Integer call() throws Exception {
        ResultsExport.Format f;
        try {
            f = ResultsExport.Format.of(format);
        } catch (IllegalArgumentException e) {
            throw BadInputException.of("--format", format, "must be parquet, csv or json");
        }
        Path database = Files.isDirectory(dir) ? dir.resolve(ResultsDatabase.FILE_NAME) : dir;
        Path recordingsDir = database.toAbsolutePath().getParent();
        if (samples && (!Files.isDirectory(recordingsDir) || SampleExport.recordings(recordingsDir).isEmpty())) {
            throw BadInputException.of("--samples", dir, "needs a results directory with thread samples "
                    + "(samples.tsraw, written by run --monitor or monitor --out)");
        }
        if (!Files.isRegularFile(database)) {
            throw BadInputException.of("DIR", dir, "must be a results directory holding "
                    + ResultsDatabase.FILE_NAME + " or that file");
        }
        FreshOutput.checkPlace(out);
        List<String> tables = ResultsExport.tables(database);
        List<Path> targets = new java.util.ArrayList<>(ResultsExport.targets(out, tables, f));
        if (samples) {
            targets.add(SampleExport.target(out, f));
        }
        for (Path target : targets) {
            if (Files.exists(target)) {
                throw BadInputException.of("--out", out, "already holds " + target.getFileName()
                        + " (files are never overwritten)");
            }
        }
        List<Path> written = ResultsExport.export(database, out, f);
        System.out.println("exported " + written.size() + " tables of " + database + " to " + out.toAbsolutePath()
                + " as " + f.extension() + ": " + String.join(", ", tables));
        if (samples) {
            long n = SampleExport.export(recordingsDir, out, f);
            System.out.println("exported " + n + " thread samples to " + SampleExport.target(out, f).toAbsolutePath());
        }
        return ExitCode.OK;
    }
}
