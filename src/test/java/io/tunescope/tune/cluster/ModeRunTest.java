package io.tunescope.tune.cluster;

import io.tunescope.report.TuningPngs;
import io.tunescope.store.SimCalibration;
import io.tunescope.tune.cluster.sim.SimulatedCluster;
import io.tunescope.Progress;
import io.tunescope.store.ClusterBenchDescription;
import io.tunescope.store.ClusterResult;
import io.tunescope.store.Json;
import io.tunescope.store.TuningDir;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.space.SearchSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The modes over a bench, a node failing mid-tuning, and the comparison's files. */
class ModeRunTest {
    @TempDir
    Path dir;

    /** A bench that records what it was asked to measure and delegates to a noiseless simulation. */
    static final class Recording implements ClusterBench {
        final SimulatedCluster sim = new SimulatedCluster(KnobGroupingTest.LAYOUT, SimCalibration.RECORDED, 4000, 350,
                1, 3);
        final List<ClusterLayout> layouts = new ArrayList<>();

        @Override
        public ClusterLayout layout() {
            return sim.layout();
        }

        @Override
        public SearchSpace nodeSpace(String tier) {
            return sim.nodeSpace(tier);
        }

        @Override
        public ClusterMeasurement measure(ClusterLayout layout, Map<String, Configuration> configs, Path log) {
            layouts.add(layout);
            assertThat(configs.keySet()).containsExactlyElementsOf(layout.nodes().stream().map(ClusterNode::name)
                    .toList());
            return sim.measure(layout, configs, log);
        }

        @Override
        public io.tunescope.store.ClusterBenchDescription describe() {
            return sim.describe();
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aNodeThatFailsMidTuningIsExcludedReportedAndTuningContinues() throws Exception {
        for (TuningMode mode : TuningMode.values()) {
            Recording rec = new Recording();
            FailingNodes bench = new FailingNodes(rec, Map.of("app1", 4));
            ModeRun.Outcome o = ModeRun.run(bench, mode, new ModeRun.Settings(12, "nelder-mead", 5), dir,
                    Progress.NONE);
            assertThat(o.trials()).as(mode.label()).hasSize(12);
            assertThat(o.excluded()).as(mode.label()).extracting(ClusterResult.ExcludedNode::node, 
                    ClusterResult.ExcludedNode::trial).containsExactly(org.assertj.core.groups.Tuple.tuple("app1", 4));
            assertThat(o.trials().get(3).failedNodes()).containsExactly("app1");
            assertThat(rec.layouts.subList(0, 3)).allSatisfy(l -> assertThat(l.nodes()).hasSize(4));
            assertThat(rec.layouts.subList(3, 12)).allSatisfy(l -> assertThat(l.nodes()).extracting(ClusterNode::name)
                    .containsExactly("proxy1", "proxy2", "app2"));
            assertThat(o.wipsPerTrial()).allSatisfy(w -> assertThat(w).isPositive());
        }
    }

    @Test
    void aFailedRepresentativeIsReplacedByAPeerAndALineLeftWithoutNodesStopsItsTuner() throws Exception {
        ModeRun.Outcome dup = ModeRun.run(new FailingNodes(new Recording(), Map.of("app1", 2)), TuningMode.DUPLICATION,
                new ModeRun.Settings(5, "nelder-mead", 5), dir.resolve("dup"), Progress.NONE);
        assertThat(dup.excluded().get(0).reason()).endsWith("it was the representative of tier app, now app2");
        assertThat(dup.tuners()).extracting(ClusterResult.Tuner::name, ClusterResult.Tuner::representative)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("proxy", "proxy1"),
                        org.assertj.core.groups.Tuple.tuple("app", "app2"));

        ClusterLayout two = Layouts.of(2, Map.of("app", 2));
        SimulatedCluster sim = new SimulatedCluster(two, SimCalibration.RECORDED, 2000, 350, 1, 3);
        ModeRun.Outcome part = ModeRun.run(new FailingNodes(sim, Map.of("app1", 3)), TuningMode.PARTITIONING,
                new ModeRun.Settings(8, "nelder-mead", 5), dir.resolve("part"), Progress.NONE);
        assertThat(part.trials()).hasSize(8);
        assertThat(part.tuners()).allSatisfy(t -> assertThat(t.representative()).isNull());
        assertThat(trialsIn(TuningDir.of(dir.resolve("part")).clusterTuner("partitioning", "line1").journal()))
                .isEqualTo(3);
        assertThat(trialsIn(TuningDir.of(dir.resolve("part")).clusterTuner("partitioning", "line2").journal()))
                .isEqualTo(8);
    }

    private static long trialsIn(Path journal) throws java.io.IOException {
        return Files.readAllLines(journal).stream().filter(l -> l.contains("\"trial\"")).count();
    }

    @Test
    void everyTunerJournalsEveryTrialInItsOwnDirectory() throws Exception {
        ModeRun.Outcome o = ModeRun.run(new Recording(), TuningMode.PARTITIONING, new ModeRun.Settings(7,
                "nelder-mead", 5), dir, Progress.NONE);
        assertThat(o.tuners()).extracting(ClusterResult.Tuner::name).containsExactly("line1", "line2");
        for (String line : List.of("line1", "line2")) {
            Path journal = TuningDir.of(dir).clusterTuner("partitioning", line).journal();
            assertThat(Files.readAllLines(journal).stream().filter(l -> l.contains("\"trial\"")).count())
                    .as(line).isEqualTo(7);
        }
    }

    @Test
    void theComparisonRunsEachModeWithTheSameBudgetAndWritesClusterJson() throws Exception {
        ClusterComparison.Result r = ClusterComparison.run(() -> new FailingNodes(new Recording(), Map.of("app1", 40)),
                List.of(TuningMode.values()), new ModeRun.Settings(15, "nelder-mead", 2), dir, Progress.NONE);
        ClusterResult read = Json.read(TuningDir.of(dir).cluster(), ClusterResult.class);
        assertThat(read.bench()).isEqualTo(r.result().bench());
        assertThat(read.bench()).isInstanceOfSatisfying(ClusterBenchDescription.Simulated.class, s -> {
            assertThat(s.calibration()).isEqualTo(SimCalibration.RECORDED);
            assertThat(s.nodes()).isEqualTo(4);
            assertThat(s.failAtMeasurement()).containsExactly(Map.entry("app1", 40));
        });
        assertThat(read.modes()).extracting(ClusterResult.Mode::mode)
                .containsExactly("default", "duplication", "partitioning");
        assertThat(read.modes()).allSatisfy(m -> {
            assertThat(m.trials()).isEqualTo(15);
            assertThat(m.bestWips()).isLessThanOrEqualTo(read.referenceWips());
            assertThat(m.wipsStdDuringTuning()).isPositive();
        });
        assertThat(read.modes()).anySatisfy(m -> assertThat(m.bestWips()).isEqualTo(read.referenceWips()));
        assertThat(Files.readString(TuningDir.of(dir).cluster())).doesNotContain("reconfiguration");
        TuningPngs.write(dir);
        assertThat(TuningDir.of(dir).clusterPng()).isNotEmptyFile();
        assertThat(r.outcomes()).hasSize(3);
    }
}
