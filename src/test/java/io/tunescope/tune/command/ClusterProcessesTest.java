package io.tunescope.tune.command;

import io.tunescope.Progress;
import io.tunescope.SecretScan;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.ClusterResult;
import io.tunescope.store.study.PostgresRounds;
import io.tunescope.store.study.PostgresStudy;
import io.tunescope.store.study.StudyServers;
import io.tunescope.tune.cluster.ClusterBench;
import io.tunescope.tune.cluster.ClusterComparison;
import io.tunescope.tune.cluster.lines.LineTuners;
import io.tunescope.tune.cluster.ModeRun;
import io.tunescope.tune.cluster.lines.ProcessPartitioning;
import io.tunescope.tune.cluster.TuningMode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Partitioning with one tuner process per work line on a PostgreSQL study store: the rounds protocol answers every
 * round of every line once, each line's study holds its budget, the outcome is the in-process one (same seeds, same
 * simulated noise: the same WIPS per trial), and a line killed mid-run is reported while the comparison finishes.
 */
@Timeout(180)
class ClusterProcessesTest {
    private static final int TRIALS = 4;
    @TempDir
    static Path dir;
    private static PostgresServer server;
    private static ClusterFile file;

    @BeforeAll
    static void start() throws Exception {
        server = StudyServers.start(dir.resolve("pg"));
        Path f = dir.resolve("cluster.yaml");
        Files.writeString(f, """
                cluster:
                  modes: [partitioning]
                  trialsPerMode: %d
                  strategy: random
                  seed: 7
                  layout: {lines: 2, nodesPerTier: {proxy: 2, app: 2}}
                  simulation: {browsers: 4000, noisePercent: 2}
                  partitioning: processes
                """.formatted(TRIALS));
        file = ClusterFileParser.read(f);
        assertThat(file.partitioning().processes()).isTrue();
        assertThat(file.partitioning().study()).isEqualTo("postgres");
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private static LineTuners.Store store() {
        return new LineTuners.Store(server.jdbcUrl(), server.user(), server.password());
    }

    private static ModeRun.Outcome processes(String comparison, Path out, ProcessPartitioning.AfterRound hook)
            throws Exception {
        try (ClusterBench bench = ClusterTuner.benches(file, out, io.tunescope.Progress.NONE).get()) {
            return ProcessPartitioning.run(bench, file.settings(), out, new ProcessPartitioning.Options(
                    LineTunerMain.class, store(), comparison, file.source(), Duration.ofSeconds(60), hook), Progress.NONE);
        }
    }

    private static List<PostgresRounds.Round> rounds(String comparison) {
        try (PostgresRounds r = new PostgresStudy(server.jdbcUrl(), server.user(), server.password(), comparison)
                .rounds()) {
            return r.all();
        }
    }

    @Test
    void runsOneProcessPerLineAnswersEveryRoundOnceAndMatchesTheInProcessRun() throws Exception {
        Path out = dir.resolve("two");
        ModeRun.Outcome o = processes("two", out, null);
        ModeRun.Outcome inProcess;
        try (ClusterBench bench = ClusterTuner.benches(file, out, io.tunescope.Progress.NONE).get()) {
            inProcess = ModeRun.run(bench, TuningMode.PARTITIONING, file.settings(), dir.resolve("in"), Progress.NONE);
        }
        List<ClusterResult.LineProcess> ps = o.tuners().stream().map(ClusterResult.Tuner::process).toList();
        assertThat(ps).hasSize(2).allSatisfy(p -> {
            assertThat(p.exitCode()).isZero();
            assertThat(p.roundsPosted()).isEqualTo(TRIALS);
            assertThat(p.trialsInStudy()).isEqualTo(TRIALS);
            assertThat(p.stoppedEarly()).isNull();
        });
        assertThat(ps).extracting(ClusterResult.LineProcess::study).containsExactly("two-line-1", "two-line-2");
        assertThat(ps.get(0).pid()).isNotEqualTo(ps.get(1).pid());
        List<PostgresRounds.Round> rows = rounds("two");
        assertThat(rows).hasSize(2 * TRIALS).allMatch(r -> r.measured() && r.wips() != null && r.error() == null);
        assertThat(rows.stream().collect(Collectors.groupingBy(PostgresRounds.Round::line, Collectors.counting())))
                .containsOnly(Map.entry("line1", (long) TRIALS), Map.entry("line2", (long) TRIALS));
        // the same tuners, seeds and noise as in-process: the same configurations and WIPS in every trial
        assertThat(o.wipsPerTrial()).hasSize(TRIALS).isEqualTo(inProcess.wipsPerTrial());
        assertThat(o.bestConfigByNode()).isEqualTo(inProcess.bestConfigByNode());
        ClusterResult.Mode a = summarize(o);
        ClusterResult.Mode b = summarize(inProcess);
        assertThat(a.tuners()).extracting(ClusterResult.Tuner::name).isEqualTo(b.tuners().stream()
                .map(ClusterResult.Tuner::name).toList());
        assertThat(a.tuners()).extracting(ClusterResult.Tuner::knobs).isEqualTo(b.tuners().stream()
                .map(ClusterResult.Tuner::knobs).toList());
        assertThat(a.bestWips()).isEqualTo(b.bestWips());
        assertThat(b.tuners()).allMatch(t -> t.process() == null);
        assertThat(out.resolve(a.tuners().get(0).journalDirectory()).resolve("summary.json")).exists();
        assertThat(SecretScan.filesContaining(out, server.password())).isEmpty();
    }

    @Test
    void aLineProcessKilledMidRunIsReportedItsNodesKeepTheirConfigurationAndTheComparisonFinishes() throws Exception {
        ModeRun.Outcome o = processes("kill", dir.resolve("kill"), (round, tuners) -> {
            if (round == 2) {
                ProcessHandle h = tuners.handle(1);
                h.destroyForcibly();
                h.onExit().orTimeout(10, TimeUnit.SECONDS).join();
            }
        });
        assertThat(o.trials()).hasSize(TRIALS).allMatch(t -> t.error() == null && Double.isFinite(t.wips()));
        ClusterResult.LineProcess alive = o.tuners().get(0).process();
        ClusterResult.LineProcess killed = o.tuners().get(1).process();
        assertThat(alive.exitCode()).isZero();
        assertThat(alive.trialsInStudy()).isEqualTo(TRIALS);
        assertThat(killed.exitCode()).isNotZero();
        assertThat(killed.stoppedEarly()).contains("ended before posting round");
        assertThat(killed.roundsPosted()).isBetween(2, 3);
        List<PostgresRounds.Round> rows = rounds("kill");
        assertThat(rows).allMatch(PostgresRounds.Round::measured);   // nothing posted was left unanswered
        assertThat(rows.stream().filter(r -> r.line().equals("line1"))).hasSize(TRIALS);
        assertThat(rows.stream().filter(r -> r.line().equals("line2"))).hasSize(killed.roundsPosted());
        // its study holds what it was told before the kill; the round it had not yet read back is in the rounds table
        assertThat(killed.trialsInStudy()).isLessThanOrEqualTo(killed.roundsPosted()).isGreaterThanOrEqualTo(1);
    }

    private static ClusterResult.Mode summarize(ModeRun.Outcome o) {
        return ClusterComparison.summarize(List.of(o), file.settings(), null, file.layout(), null).modes().get(0);
    }
}
