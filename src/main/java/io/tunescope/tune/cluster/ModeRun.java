package io.tunescope.tune.cluster;

import io.tunescope.Progress;
import io.tunescope.store.ClusterResult;
import io.tunescope.store.TuningDir;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.Trial;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.space.Configuration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One tuning mode over a cluster bench: the mode's tuners ({@link KnobGrouping}) are asked in lockstep, what they
 * chose is copied onto the nodes ({@link ValueCopy}), the bench measures the whole cluster once per trial, and each
 * tuner is told its objective (the cluster's WIPS, or under partitioning its own line's). Each tuner is a
 * self-contained {@link TuningSession} with its own journal directory ({@code D/<mode>/tuners/<name>}) and seed
 * ({@code seed + its index}), so a line's tuner could run in a process of its own. A node the bench reports failed
 * is excluded from every later trial (its knobs stay in its tuner's space, frozen: no longer applied); a tuner left
 * without nodes stops; tuning continues on the rest, and the trial count is kept.
 */
public final class ModeRun {
    /** The settings shared by every mode of a comparison. */
    public record Settings(int trials, String strategy, long seed) {
        public Settings {
            if (trials < 1) {
                throw io.tunescope.BadInputException.of("trials", trials, "must be at least 1");
            }
        }
    }

    /** One trial of the whole cluster: its WIPS (NaN when the measurement failed), per line, and who failed. */
    public record ClusterTrial(int trial, double wips, Map<String, Double> wipsByLine, List<String> failedNodes,
                               String error) {
    }

    /** What a mode did. */
    public record Outcome(TuningMode mode, List<ClusterTrial> trials, List<ClusterResult.ExcludedNode> excluded,
                          List<ClusterResult.Tuner> tuners, Map<String, Configuration> bestConfigByNode,
                          double wallSeconds) {
        public List<Double> wipsPerTrial() {
            return trials.stream().map(ClusterTrial::wips).toList();
        }
    }

    private ModeRun() {
    }

    public static Outcome run(ClusterBench bench, TuningMode mode, Settings settings, Path outDir, Progress progress)
            throws InterruptedException {
        long start = System.nanoTime();
        ClusterLayout layout = bench.layout();
        List<KnobGrouping.Group> groups = KnobGrouping.of(mode, layout, bench::nodeSpace);
        TuningDir files = TuningDir.of(outDir);
        List<TuningSession> sessions = new ArrayList<>();
        List<ClusterResult.Tuner> tuners = new ArrayList<>();
        List<ClusterTrial> trials = new ArrayList<>();
        List<ClusterResult.ExcludedNode> excluded = new ArrayList<>();
        Map<String, Configuration> bestByNode = Map.of();
        double bestWips = Double.NEGATIVE_INFINITY;
        try {
            for (int g = 0; g < groups.size(); g++) {
                TuningDir dir = files.clusterTuner(mode.label(), groups.get(g).name());
                sessions.add(openTuner(groups.get(g), g, settings, dir.root()));
            }
            Path logs = files.clusterMode(mode.label()).logs();
            createDirectories(logs);
            List<Configuration> current = new ArrayList<>();
            groups.forEach(x -> current.add(null));
            try (Progress.Task bar = progress.start(mode.label(), settings.trials(), "trials")) {
                for (int t = 1; t <= settings.trials(); t++) {
                    List<Trial> asked = new ArrayList<>();
                    for (int g = 0; g < groups.size(); g++) {
                        Optional<Trial> next = groups.get(g).serves(layout) ? sessions.get(g).ask() : Optional.empty();
                        asked.add(next.orElse(null));
                        if (next.isPresent()) {
                            current.set(g, next.get().config());
                        }
                    }
                    Map<String, Configuration> byNode = ValueCopy.byNode(layout, groups, current, bench::nodeSpace);
                    ClusterMeasurement m = bench.measure(layout, byNode, logs.resolve("trial-" + t));
                    tellAll(groups, sessions, asked, m);
                    trials.add(new ClusterTrial(t, m.ok() ? m.wips() : Double.NaN, m.wipsByLine(), m.failedNodes(),
                            m.error()));
                    if (m.ok() && m.wips() > bestWips) {
                        bestWips = m.wips();
                        bestByNode = byNode;
                    }
                    ClusterLayout before = layout;
                    layout = exclude(layout, m, t, excluded, mode);
                    bar.step(1);
                    if (layout == null) {
                        layout = before;
                        break;
                    }
                }
            }
        } finally {
            sessions.forEach(TuningSession::close);
        }
        for (KnobGrouping.Group g : groups) {
            tuners.add(new ClusterResult.Tuner(g.name(), g.space().dims(), outDir.relativize(files.clusterTuner(
                    mode.label(), g.name()).root()).toString(), representative(mode, g.name(), layout)));
        }
        return new Outcome(mode, trials, excluded, tuners, bestByNode, (System.nanoTime() - start) / 1e9);
    }

    /**
     * The session of the {@code index}-th tuner of a mode: its group's space, the shared strategy and budget, seed
     * {@code seed + index}, maximizing WIPS, journaled in {@code journalDirectory}. It depends on nothing but its
     * group, so a work line's tuner can be opened the same way in a process of its own (told its line's WIPS).
     */
    public static TuningSession openTuner(KnobGrouping.Group group, int index, Settings settings,
                                          Path journalDirectory) {
        return TuningSession.builder(group.space()).strategy(settings.strategy()).seed(settings.seed() + index)
                .direction(Direction.MAXIMIZE).budgetTrials(settings.trials()).outputDirectory(journalDirectory)
                .build();
    }

    private static void tellAll(List<KnobGrouping.Group> groups, List<TuningSession> sessions, List<Trial> asked,
                                ClusterMeasurement m) {
        Duration elapsed = Duration.ofMillis(m.elapsedMillis());
        for (int g = 0; g < groups.size(); g++) {
            Trial trial = asked.get(g);
            if (trial == null) {
                continue;
            }
            String line = groups.get(g).line();
            Double objective = !m.ok() ? null : line == null ? Double.valueOf(m.wips()) : m.wipsByLine().get(line);
            if (objective == null) {
                sessions.get(g).fail(trial, m.ok() ? "the bench reported no WIPS for line " + line : m.error(),
                        elapsed);
            } else {
                sessions.get(g).tell(trial, elapsed, objective);
            }
        }
    }

    /**
     * The layout without the nodes that failed in trial {@code t} (recorded), or null when none is left. Under
     * duplication a failed representative is replaced by the next node of its tier, which the record says.
     */
    public static ClusterLayout exclude(ClusterLayout layout, ClusterMeasurement m, int t,
                                                List<ClusterResult.ExcludedNode> excluded, TuningMode mode) {
        ClusterLayout out = layout;
        for (String name : m.failedNodes()) {
            if (out.nodes().stream().noneMatch(n -> n.name().equals(name))) {
                continue;
            }
            ClusterNode n = out.node(name);
            String reason = m.error() != null ? m.error() : "reported failed by the bench";
            if (out.nodes().size() == 1) {
                excluded.add(new ClusterResult.ExcludedNode(n.name(), n.tier(), n.line(), t, reason));
                return null;
            }
            boolean wasRepresentative = name.equals(representative(mode, n.tier(), out));
            out = out.without(name);
            String next = representative(mode, n.tier(), out);
            if (wasRepresentative && next != null) {
                reason += "; it was the representative of tier " + n.tier() + ", now " + next;
            }
            excluded.add(new ClusterResult.ExcludedNode(n.name(), n.tier(), n.line(), t, reason));
        }
        return out;
    }

    /** Under duplication, the node whose knobs a tier's tuner stands for: the tier's first node still running. */
    static String representative(TuningMode mode, String tier, ClusterLayout layout) {
        if (mode != TuningMode.DUPLICATION) {
            return null;
        }
        return layout.inTier(tier).stream().findFirst().map(ClusterNode::name).orElse(null);
    }

    private static void createDirectories(Path p) {
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + p + ": " + e.getMessage(), e);
        }
    }

    /** Each node's configuration as plain maps (cluster.json). */
    static Map<String, Map<String, Object>> plain(Map<String, Configuration> byNode) {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        byNode.forEach((k, v) -> out.put(k, v.values()));
        return out;
    }
}
