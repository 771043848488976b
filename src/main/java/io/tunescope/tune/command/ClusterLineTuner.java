package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.shop.ShopClusterBench;
import io.tunescope.tune.space.SearchSpace;
import io.tunescope.config.LocatedYaml;
import io.tunescope.store.study.PostgresRounds;
import io.tunescope.store.study.PostgresStudy;
import io.tunescope.store.study.StudyLocation;
import io.tunescope.tune.cluster.ClusterBench;
import io.tunescope.tune.cluster.ClusterLineTarget;
import io.tunescope.tune.cluster.KnobGrouping;
import io.tunescope.tune.cluster.TuningMode;
import io.tunescope.tune.session.Aggregate;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.strategy.Strategies;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code tunescope tune LINE.yaml --study URL --study-name S} for a file with a {@code clusterLine:} section, written
 * by the controller of {@code partitioning: processes} (tune.cluster.ProcessPartitioning): tunes one work line's
 * knobs (the partitioning tuner of that line, as the cluster file's layout and bench define it) as an ordinary
 * session on the study store, whose target ({@link ClusterLineTarget}) posts each trial's configuration as a round
 * and reads the line's WIPS back from the same database.
 */
public final class ClusterLineTuner {
    static final String SECTION = "clusterLine";
    private static final Set<String> KEYS = Set.of("clusterFile", "line", "comparison", "trials", "strategy", "seed",
            "roundTimeoutSeconds");

    private ClusterLineTuner() {
    }

    /** What a line file says. */
    record LineFile(Path source, Path clusterFile, String line, String comparison, int trials, String strategy,
                    long seed, Duration roundTimeout) {
    }

    /** Whether {@code file} has a top-level {@code clusterLine:} key (false if it cannot be read). */
    public static boolean isLineFile(Path file) {
        try {
            String text = Files.readString(file);
            return !text.isBlank() && LocatedYaml.parse(file.toString(), text, false).plainRoot() instanceof Map<?, ?> m
                    && m.containsKey(SECTION);
        } catch (IOException | RuntimeException e) {
            return false;
        }
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

    static LineFile read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        LocatedYaml yaml = LocatedYaml.parse(file.toString(), text, false);
        if (!(yaml.plainRoot() instanceof Map<?, ?> top) || top.size() != 1
                || !(top.get(SECTION) instanceof Map<?, ?> s)) {
            throw yaml.error(SECTION, "missing", "must be the only section, a mapping");
        }
        for (Object k : s.keySet()) {
            if (!KEYS.contains(String.valueOf(k))) {
                throw yaml.error(SECTION + "." + k, k, "is not a known key; expected one of " + new TreeSet<>(KEYS));
            }
        }
        Path cluster = file.toAbsolutePath().getParent().resolve(text(yaml, s, "clusterFile"));
        if (!Files.isRegularFile(cluster)) {
            throw yaml.error(SECTION + ".clusterFile", cluster, "must be a cluster tuning file (no such file)");
        }
        String strategy = text(yaml, s, "strategy");
        if (!Strategies.exists(strategy)) {
            throw yaml.error(SECTION + ".strategy", strategy, "must be one of " + Strategies.names());
        }
        String comparison = text(yaml, s, "comparison");
        try {
            PostgresStudy.checkName(comparison);
        } catch (BadInputException e) {
            throw yaml.error(SECTION + ".comparison", comparison, "must be 1 to 100 letters, digits, '.', '_' or '-'");
        }
        return new LineFile(file, cluster, text(yaml, s, "line"), comparison,
                (int) integer(yaml, s, "trials", 1, 100_000), strategy,
                integer(yaml, s, "seed", Long.MIN_VALUE, Long.MAX_VALUE),
                Duration.ofSeconds(integer(yaml, s, "roundTimeoutSeconds", 1, 86_400)));
    }

    private static String text(LocatedYaml yaml, Map<?, ?> s, String key) {
        if (s.get(key) instanceof String v && !v.isBlank()) {
            return v;
        }
        throw yaml.error(SECTION + "." + key, s.get(key) == null ? "missing" : s.get(key), "must be a non-empty text");
    }

    private static long integer(LocatedYaml yaml, Map<?, ?> s, String key, long min, long max) {
        Object raw = s.get(key);
        if (raw instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            if (n.longValue() < min || n.longValue() > max) {
                throw yaml.error(SECTION + "." + key, raw, "must be between " + min + " and " + max);
            }
            return n.longValue();
        }
        throw yaml.error(SECTION + "." + key, raw == null ? "missing" : raw, "must be an integer");
    }
}
