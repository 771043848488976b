package io.tunescope.tune.command;

import io.tunescope.Progress;
import io.tunescope.store.TuningDir;
import io.tunescope.tune.cluster.ClusterComparison;
import io.tunescope.tune.cluster.lines.LineTuners;
import io.tunescope.tune.cluster.ModeRun;
import io.tunescope.tune.cluster.lines.ProcessPartitioning;
import io.tunescope.tune.cluster.TuningMode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * A comparison whose partitioning mode runs one tuner process per work line ({@code partitioning: processes}): opens
 * the study store (a private instance under the output directory, stopped at the end, or the URL with the password
 * from $TUNESCOPE_STUDY_PASSWORD) and runs the comparison with {@link ProcessPartitioning} for that mode. The
 * comparison's name ({@code <out-dir>-<time>}) keys its rounds and prefixes the line studies.
 */
final class ClusterProcesses {
    static final String PASSWORD_VARIABLE = "TUNESCOPE_STUDY_PASSWORD";

    private ClusterProcesses() {
    }

    static ClusterComparison.Result run(ClusterFile f, Path outDir, Progress progress) throws InterruptedException {
        ClusterFile.Partitioning p = f.partitioning();
        String comparison = comparisonName(outDir);
        try (PrivateStudyServer server = p.study().equals("postgres")
                ? PrivateStudyServer.start(TuningDir.of(outDir).privateStudyServer()) : null) {
            LineTuners.Store store = server != null
                    ? new LineTuners.Store(server.jdbcUrl(), server.user(), server.password())
                    : new LineTuners.Store(p.study(), null, System.getenv(PASSWORD_VARIABLE));
            ProcessPartitioning.Options options = new ProcessPartitioning.Options(LineTunerMain.class, store,
                    comparison, f.source(), p.roundTimeout(), null);
            return ClusterComparison.run(ClusterTuner.benches(f, outDir, progress), f.modes(), f.settings(), outDir,
                    progress,
                    (bench, mode, settings, dir, bar) -> mode == TuningMode.PARTITIONING
                            ? ProcessPartitioning.run(bench, settings, dir, options, bar)
                            : ModeRun.run(bench, mode, settings, dir, bar));
        } catch (IOException e) {
            throw new UncheckedIOException("the study store of partitioning: processes: " + e.getMessage(), e);
        }
    }

    /** The output directory's name (made study-name safe, at most 60 characters) and the time in base 36. */
    static String comparisonName(Path outDir) {
        Path name = outDir.toAbsolutePath().normalize().getFileName();
        String base = (name == null ? "cluster" : name.toString()).replaceAll("[^A-Za-z0-9._-]", "_");
        base = base.replaceFirst("^[._-]+", "");
        base = base.isEmpty() ? "cluster" : base.substring(0, Math.min(60, base.length()));
        return base + "-" + Long.toString(System.currentTimeMillis(), 36);
    }
}
