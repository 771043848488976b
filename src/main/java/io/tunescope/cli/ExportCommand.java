package io.tunescope.cli;

import io.tunescope.BadInputException;
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
                + "(newline-delimited), for pandas, DuckDB or Spark. The database is only read."})
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

    @Override
    public Integer call() throws Exception {
        ResultsExport.Format f;
        try {
            f = ResultsExport.Format.of(format);
        } catch (IllegalArgumentException e) {
            throw BadInputException.of("--format", format, "must be parquet, csv or json");
        }
        Path database = Files.isDirectory(dir) ? dir.resolve(ResultsDatabase.FILE_NAME) : dir;
        if (!Files.isRegularFile(database)) {
            throw BadInputException.of("DIR", dir, "must be a results directory holding "
                    + ResultsDatabase.FILE_NAME + " or that file");
        }
        FreshOutput.checkPlace(out);
        List<String> tables = ResultsExport.tables(database);
        for (Path target : ResultsExport.targets(out, tables, f)) {
            if (Files.exists(target)) {
                throw BadInputException.of("--out", out, "already holds " + target.getFileName()
                        + " (files are never overwritten)");
            }
        }
        List<Path> written = ResultsExport.export(database, out, f);
        System.out.println("exported " + written.size() + " tables of " + database + " to " + out.toAbsolutePath()
                + " as " + f.extension() + ": " + String.join(", ", tables));
        return ExitCode.OK;
    }
}
