package io.tunescope.tune.cluster.lines;

import io.tunescope.tune.cluster.ClusterBench;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ClusterMeasurement;
import io.tunescope.tune.cluster.KnobGrouping;
import io.tunescope.tune.cluster.ModeRun;
import io.tunescope.tune.cluster.TuningMode;
import io.tunescope.tune.cluster.ValueCopy;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import io.tunescope.Progress;
import io.tunescope.store.ClusterResult;
import io.tunescope.store.Json;
import io.tunescope.store.TuningDir;
import io.tunescope.store.study.PostgresRounds;
import io.tunescope.store.study.PostgresStudy;
import io.tunescope.tune.space.Configuration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The partitioning mode with one tuner process per work line ({@code partitioning: processes}), on
 * a PostgreSQL study store, measured as {@link ModeRun} measures it in-process: each line's tuner is an ordinary
 * tuning session (study {@code <comparison>-line-K}) whose target is {@link ClusterLineTarget}; per round {@code t}
 * this controller waits until every live line has posted its configuration, measures the whole cluster once on the
 * one bench, and answers each posted line with its own line's WIPS (or the failure) in one transaction
 * ({@link PostgresRounds}). A line whose process exited, or that did not post within the round timeout (then it is
 * killed), is reported in cluster.json and its nodes keep their last configuration; the others go on. It is not
 * restarted: a restarted tuner would re-ask a trial whose round was already measured under another configuration.
 */
public final class ProcessPartitioning {
    private static final long POLL_MILLIS = 25;

    /**
     * Where the line tuners run: the main class of their processes ({@link LineTuners}), the study store, the
     * comparison's name (the rounds' key and the studies' prefix), the cluster tuning file the line tuners read their
     * knobs from, how long a round waits for a line, and a hook called after each measured round (tests kill a line's
     * process there; null: none).
     */
    public record Options(Class<?> tunerMain, LineTuners.Store store, String comparison, Path clusterFile,
                          Duration roundTimeout, AfterRound afterRound) {
        public Options {
            java.util.Objects.requireNonNull(tunerMain, "tunerMain");
            PostgresStudy.checkName(comparison);
        }
    }

    /** Called after round {@code round} was answered, with the running line tuners. */
    public interface AfterRound {
        void after(int round, LineTuners.Running tuners);
    }

    private ProcessPartitioning() {
    }

    /** The study name of the {@code index}-th (from 0) line's tuner. */
    public static String study(String comparison, int index) {
        return comparison + "-line-" + (index + 1);
    }

    public static ModeRun.Outcome run(ClusterBench bench, ModeRun.Settings settings, Path outDir, Options o,
                                      Progress progress) throws InterruptedException {
        long start = System.nanoTime();
        TuningMode mode = TuningMode.PARTITIONING;
        ClusterLayout layout = bench.layout();
        List<KnobGrouping.Group> groups = KnobGrouping.of(mode, layout, bench::nodeSpace);
        TuningDir modeDir = TuningDir.of(outDir).clusterMode(mode.label());
        List<LineTuners.Line> lines = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            lines.add(new LineTuners.Line(study(o.comparison(), g), writeLineFile(modeDir, groups.get(g), g,
                    settings, o)));
        }
        Path logs = modeDir.logs();
        Rounds state = new Rounds(groups);
        List<ModeRun.ClusterTrial> trials = new ArrayList<>();
        List<ClusterResult.ExcludedNode> excluded = new ArrayList<>();
        Map<String, Configuration> bestByNode = Map.of();
        double bestWips = Double.NEGATIVE_INFINITY;
        List<LineTuners.Outcome> ended;
        try (PostgresRounds rounds = new PostgresStudy(o.store().jdbcUrl(), o.store().user(), o.store().password(),
                o.comparison()).rounds();
             LineTuners.Running running = LineTuners.start(o.tunerMain(), o.store(), modeDir.root(), lines);
             Progress.Task bar = progress.start(mode.label() + " (processes)", settings.trials(), "trials")) {
            state.pids(running);
            for (int t = 1; t <= settings.trials(); t++) {
                Map<String, String> posted = state.await(rounds, running, t, o.roundTimeout());
                Map<String, Configuration> byNode = ValueCopy.byNode(layout, groups, state.current, bench::nodeSpace);
                ClusterMeasurement m = bench.measure(layout, byNode, logs.resolve("trial-" + t));
                rounds.answer(t, answers(groups, layout, posted, m));
                trials.add(new ModeRun.ClusterTrial(t, m.ok() ? m.wips() : Double.NaN, m.wipsByLine(),
                        m.failedNodes(), m.error()));
                if (m.ok() && m.wips() > bestWips) {
                    bestWips = m.wips();
                    bestByNode = byNode;
                }
                ClusterLayout before = layout;
                layout = ModeRun.exclude(layout, m, t, excluded, mode);
                bar.step(1);
                if (o.afterRound() != null) {
                    o.afterRound().after(t, running);
                }
                if (layout == null) {
                    layout = before;
                    state.endedEarly(t);
                    break;
                }
            }
            ended = running.await(trials.size() == settings.trials() ? o.roundTimeout() : Duration.ZERO);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException("cannot start the line tuners: " + e.getMessage(), e);
        }
        List<ClusterResult.Tuner> tuners = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            LineTuners.Outcome e = ended.get(g);
            tuners.add(new ClusterResult.Tuner(groups.get(g).name(), groups.get(g).space().dims(),
                    outDir.relativize(e.outputDirectory()).toString(), null, new ClusterResult.LineProcess(
                    e.line().study(), state.pids[g], e.exitCode(), state.posted[g], e.trials().size(),
                    state.gone[g])));
        }
        return new ModeRun.Outcome(mode, trials, excluded, tuners, bestByNode, (System.nanoTime() - start) / 1e9);
    }

    /** Each posted line's answer: its own line's WIPS, or why it has none. */
    private static Map<String, PostgresRounds.Answer> answers(List<KnobGrouping.Group> groups, ClusterLayout layout,
                                                              Map<String, String> posted, ClusterMeasurement m) {
        Map<String, PostgresRounds.Answer> out = new LinkedHashMap<>();
        for (KnobGrouping.Group g : groups) {
            if (!posted.containsKey(g.line())) {
                continue;
            }
            Double wips = m.ok() ? m.wipsByLine().get(g.line()) : null;
            String error = !g.serves(layout) ? "the nodes of line " + g.line() + " were excluded after they failed"
                    : !m.ok() ? String.valueOf(m.error()) : wips == null ? "the bench reported no WIPS for line "
                    + g.line() : null;
            out.put(g.line(), error != null ? new PostgresRounds.Answer(null, error)
                    : new PostgresRounds.Answer(wips, null));
        }
        return out;
    }

    /** The tuning file of one line's tuner process: a {@code clusterLine:} section ({@link ClusterLineFile}). */
    private static Path writeLineFile(TuningDir modeDir, KnobGrouping.Group group, int index,
                                      ModeRun.Settings settings, Options o) {
        Path file = modeDir.root().resolve("lines").resolve(study(o.comparison(), index) + ".yaml");
        new ClusterLineFile(o.clusterFile().toAbsolutePath().toString(), group.line(), o.comparison(),
                settings.trials(), settings.strategy(), settings.seed() + index, o.roundTimeout().toSeconds())
                .write(file);
        return file;
    }

    /** What the controller knows of the lines: their current configurations, rounds posted, which stopped and why. */
    private static final class Rounds {
        private final List<KnobGrouping.Group> groups;
        private final List<Configuration> current = new ArrayList<>();
        private final int[] posted;
        private final long[] pids;
        private final String[] gone;

        Rounds(List<KnobGrouping.Group> groups) {
            this.groups = groups;
            groups.forEach(g -> current.add(null));
            posted = new int[groups.size()];
            pids = new long[groups.size()];
            gone = new String[groups.size()];
        }

        /** Every node failed in round {@code t}: the lines still running are stopped (killed) and told why. */
        void endedEarly(int t) {
            for (int g = 0; g < groups.size(); g++) {
                if (gone[g] == null) {
                    gone[g] = "the comparison ended after round " + t + ": every node had failed (killed)";
                }
            }
        }

        void pids(LineTuners.Running running) {
            for (int g = 0; g < groups.size(); g++) {
                pids[g] = running.handle(g).pid();
            }
        }

        /**
         * Waits until every live line has posted round {@code t} and returns what was posted (by line); a line whose
         * process exited, or that did not post within {@code timeout} (then killed), is marked gone.
         */
        Map<String, String> await(PostgresRounds rounds, LineTuners.Running running, int t, Duration timeout)
                throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                Map<String, String> p = rounds.pending(t);
                boolean waiting = false;
                for (int g = 0; g < groups.size(); g++) {
                    if (gone[g] != null || p.containsKey(groups.get(g).line())) {
                        continue;
                    }
                    if (!running.alive(g)) {
                        gone[g] = "its process ended before posting round " + t;
                    } else if (System.nanoTime() > deadline) {
                        gone[g] = "it did not post round " + t + " within " + timeout.toSeconds() + " s (killed)";
                        running.handle(g).destroyForcibly();
                    } else {
                        waiting = true;
                    }
                }
                if (!waiting) {
                    Map<String, String> out = rounds.pending(t);   // a line may have posted just before it ended
                    for (int g = 0; g < groups.size(); g++) {
                        String config = out.get(groups.get(g).line());
                        if (config != null) {
                            current.set(g, parse(config));
                            posted[g] = t;
                        }
                    }
                    return out;
                }
                Thread.sleep(POLL_MILLIS);
            }
        }

        private static Configuration parse(String json) {
            try {
                // integers as Long, as the session's IntParam values are: the bench sees what it sees in-process
                return new Configuration(Json.MAPPER.readerFor(new TypeReference<Map<String, Object>>() {
                }).with(DeserializationFeature.USE_LONG_FOR_INTS).readValue(json));
            } catch (IOException e) {
                throw new IllegalStateException("a line posted a configuration that is not JSON: " + e.getMessage(), e);
            }
        }
    }
}
