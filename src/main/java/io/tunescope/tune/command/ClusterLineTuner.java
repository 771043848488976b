package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.shop.ShopClusterBench;
import io.tunescope.tune.space.SearchSpace;
import io.tunescope.config.LocatedYaml;
import io.tunescope.config.YamlSection;
import io.tunescope.config.YamlValue;
import io.tunescope.store.study.PostgresRounds;
import io.tunescope.store.study.PostgresStudy;
import io.tunescope.store.study.StudyLocation;
import io.tunescope.tune.cluster.ClusterBench;
import io.tunescope.tune.cluster.lines.ClusterLineFile;
import io.tunescope.tune.cluster.lines.ClusterLineTarget;
import io.tunescope.tune.cluster.KnobGrouping;
import io.tunescope.tune.cluster.TuningMode;
import io.tunescope.tune.session.Aggregate;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.strategy.Strategies;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A file with a {@code clusterLine:} section, written by the controller of {@code partitioning: processes}
 * (tune.cluster.lines.ProcessPartitioning) and run by its line tuner process ({@link LineTunerMain}; by hand:
 * {@code tunescope tune LINE.yaml --study URL --study-name S}): tunes one work line's
 * knobs (the partitioning tuner of that line, as the cluster file's layout and bench define it) as an ordinary
 * session on the study store, whose target ({@link ClusterLineTarget}) posts each trial's configuration as a round
 * and reads the line's WIPS back from the same database.
 */
public final class ClusterLineTuner {
    static final String SECTION = ClusterLineFile.SECTION;

    private ClusterLineTuner() {
    }

    /** What a line file says. */
    record LineFile(Path source, Path clusterFile, String line, String comparison, int trials, String strategy,
                    long seed, Duration roundTimeout) {
    }

    /** Whether {@code file} has a top-level {@code clusterLine:} key (false if it cannot be read). */
    public static boolean isLineFile(Path file) {
        return LocatedYaml.hasTopKey(file, SECTION);
    }

    /**
     * Runs the line's session; {@code url}, {@code user} and {@code password} are the study store's, which also
     * holds the rounds.
     */
    public static CommandTuner.Result run(Path file, Path outDir, StudyLocation study, String url, String user,
                                          String password, Progress progress) throws InterruptedException {
        LineFile f = read(file);
        KnobGrouping.Group group = group(f);
        // one measurement per trial: each measurement is a round in lockstep with the other lines' tuners, and a race
        // would ask for more rounds than theirs
        TuningFile tuning = new TuningFile(file, List.of(), file.toAbsolutePath().getParent(), false, null, false,
                null, TuningFile.ObjectiveSource.STDOUT, null, Direction.MAXIMIZE,
                f.roundTimeout(), 1, Aggregate.MEDIAN, f.trials(), f.strategy(), f.seed(), group.space(), null,
                List.of(), null, null, TrialProtocol.single());
        try (PostgresRounds rounds = new PostgresStudy(url, user, password, f.comparison()).rounds()) {
            return CommandTuner.run(tuning, new ClusterLineTarget(rounds, f.comparison(), f.line(), f.roundTimeout()),
                    outDir, study, false, progress);
        }
    }

    /** The partitioning tuner of the file's line, as the in-process mode builds it. */
    private static KnobGrouping.Group group(LineFile f) {
        ClusterFile cluster = ClusterFileParser.read(f.clusterFile());
        if (cluster.bench() == ClusterFile.Bench.SHOP) {
            // the shop's knobs are its catalogs' and its nodes are known without starting a stack
            return lineGroup(f, cluster, ShopClusterBench.layoutOf(cluster.shop(), cluster.layout().lines().size()),
                    ShopClusterBench::tierSpace);
        }
        try (ClusterBench bench = ClusterTuner.benches(cluster, f.clusterFile().toAbsolutePath().getParent(),
                Progress.NONE).get()) {
            return lineGroup(f, cluster, bench.layout(), bench::nodeSpace);
        }
    }

    private static KnobGrouping.Group lineGroup(LineFile f, ClusterFile cluster, ClusterLayout layout,
                                                java.util.function.Function<String, SearchSpace> spaces) {
        return KnobGrouping.of(TuningMode.PARTITIONING, layout, spaces).stream()
                .filter(g -> g.line().equals(f.line())).findFirst()
                .orElseThrow(() -> BadInputException.of(SECTION + ".line", f.line(), "is not a work line of "
                        + f.clusterFile() + "; its lines are " + cluster.layout().lines()));
    }

    /** Reads a line file and the cluster file it names, as {@code tunescope check} does: bad input if either is. */
    public static void check(Path file) {
        ClusterFileParser.read(read(file).clusterFile());
    }

    static LineFile read(Path file) {
        YamlSection top = YamlSection.root(LocatedYaml.read(file, "line file", false));
        YamlSection s = top.required(SECTION).section();
        top.end();
        // every key is taken before any is checked, so a misspelt key is named before the key it stands for is missed
        YamlValue clusterFile = s.value("clusterFile");
        YamlValue strategy = s.value("strategy");
        YamlValue comparison = s.value("comparison");
        YamlValue line = s.value("line");
        YamlValue trials = s.value("trials");
        YamlValue seed = s.value("seed");
        YamlValue roundTimeout = s.value("roundTimeoutSeconds");
        s.end();
        Path cluster = file.toAbsolutePath().getParent().resolve(clusterFile.text());
        if (!Files.isRegularFile(cluster)) {
            throw clusterFile.error(cluster, "must be a cluster tuning file (no such file)");
        }
        if (!Strategies.exists(strategy.text())) {
            throw strategy.error("must be one of " + Strategies.names());
        }
        try {
            PostgresStudy.checkName(comparison.text());
        } catch (BadInputException e) {
            throw comparison.error("must be 1 to 100 letters, digits, '.', '_' or '-'");
        }
        return new LineFile(file, cluster, line.text(), comparison.text(), trials.integer(1, 100_000),
                strategy.text(), seed.longInteger(Long.MIN_VALUE, Long.MAX_VALUE),
                Duration.ofSeconds(roundTimeout.longInteger(1, 86_400)));
    }
}
