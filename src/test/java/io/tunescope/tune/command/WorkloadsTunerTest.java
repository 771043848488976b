package io.tunescope.tune.command;

import io.tunescope.report.TuningPngs;
import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.store.BestSoFar;
import io.tunescope.store.CrossApplyMatrix;
import io.tunescope.store.Json;
import io.tunescope.store.TuningDir;
import io.tunescope.tune.database.DatabaseTargetSpec;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TuningTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkloadsTunerTest {
    private static final String FILE = """
            target: {engine: duckdb, workload: sequence, users: 1, revalidate: 3}
            workloads:
              - {workload: sequence}
              - {name: q1-many, workload: "single:Q1", users: 4}
            budget: 4
            strategy: random
            parameters:
              - {name: threads, min: 1, max: 4, default: 2}
            """;

    /**
     * A synthetic database: the geometric mean is lowest at 1 thread for the single-user sequence and at 4 threads
     * for the four users' Q1, so each workload's best loses on the other.
     */
    private static TuningTarget synthetic(DatabaseTargetSpec spec) {
        return new TuningTarget() {
            @Override
            public Measurement measure(Configuration config, boolean isDefault, Path log) {
                long threads = ((Number) config.get("threads")).longValue();
                long best = spec.users() == 1 ? 1 : 4;
                return Measurement.ok(List.of(10.0 + 5 * Math.abs(threads - best)), 1);
            }

            @Override
            public io.tunescope.store.TargetDescription describe() {
                return null;
            }
        };
    }

    @Test
    void eachWorkloadIsTunedAndItsBestMeasuredOnEveryWorkload(@TempDir Path dir) throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), FILE);
        assertThat(f.workloads()).extracting(TuningFile.Workload::name).containsExactly("sequence", "q1-many");
        assertThat(f.workloads().get(1).spec().users()).isEqualTo(4);
        Path out = dir.resolve("out");
        WorkloadsTuner.Result r = WorkloadsTuner.run(f, WorkloadsTunerTest::synthetic, out, false, Progress.NONE);

        CrossApplyMatrix m = CrossApplyMatrix.read(TuningDir.of(out).matrix());
        assertThat(m.workloads()).containsExactly("sequence", "q1-many");
        assertThat(m.cells()).hasSize(4);
        assertThat(((Number) m.configurations().get("sequence").get("threads")).longValue()).isEqualTo(1);
        assertThat(((Number) m.configurations().get("q1-many").get("threads")).longValue()).isEqualTo(4);
        // the default (2 threads) is between the two bests
        assertThat(m.cell("sequence", "sequence").objective()).isEqualTo(10.0);
        assertThat(m.cell("q1-many", "q1-many").objective()).isEqualTo(10.0);
        assertThat(m.cell("sequence", "q1-many").objective()).isEqualTo(25.0);
        assertThat(m.cell("q1-many", "sequence").objective()).isEqualTo(25.0);
        assertThat(m.cell("sequence", "q1-many").improvementPercent())
                .isLessThan(m.cell("q1-many", "q1-many").improvementPercent());
        assertThat(m.cell("sequence", "sequence").values()).hasSize(3);

        JsonNode json = Json.MAPPER.readTree(TuningDir.of(out).matrix().toFile());
        assertThat(json.fieldNames()).toIterable()
                .startsWith("schemaVersion", "type", "tunescopeVersion", "tunescopeCommit", "workloads", "cells");
        assertThat(json.get("cells").get(0).fieldNames()).toIterable()
                .startsWith("tunedFor", "measuredOn", "objective", "improvementPercent");
        TuningPngs.write(out);
        assertThat(Files.size(TuningDir.of(out).matrixPng())).isPositive();
        assertThat(TuningDir.of(out).workload("q1-many").convergencePng()).isNotEmptyFile();

        BestSoFar seq = BestSoFar.read(TuningDir.of(out).workload("sequence").best());
        assertThat(seq.revalidated().runs()).isEqualTo(3);
        assertThat(seq.revalidated().best().objective()).isEqualTo(10.0);
        // the verdict is the diagonal's: 1 thread beats the default's 2 in every paired round, alike each time
        assertThat(seq.verdict()).isEqualTo("better").isEqualTo(seq.revalidated().verdict());
        assertThat(seq.verdictHalfWidthPercent()).isEqualTo(0.0);
        assertThat(Files.isRegularFile(TuningDir.of(out).workload("q1-many").journal())).isTrue();
        JsonNode summary = Json.MAPPER.readTree(TuningDir.of(out).summary().toFile());
        assertThat(summary.get("workloads").get("q1-many").get("users").asInt()).isEqualTo(4);
        assertThat(r.sessions()).hasSize(2);
    }

    @Test
    void resumingContinuesEachWorkloadsJournalWithoutRerunningItsTrials(@TempDir Path dir) throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), FILE);
        Path out = dir.resolve("out");
        WorkloadsTuner.run(f, WorkloadsTunerTest::synthetic, out, false, Progress.NONE);
        WorkloadsTuner.Result again = WorkloadsTuner.run(f, WorkloadsTunerTest::synthetic, out, true, Progress.NONE);
        assertThat(again.sessions().values()).allSatisfy(s -> assertThat(s.newTrials()).isZero());
        assertThat(again.matrix().cells()).hasSize(4);
    }

    @Test
    void aWorkloadListIsCheckedNamingFileLineFieldValueAndRule(@TempDir Path dir) {
        String head = "target: {engine: duckdb}\nparameters: [{name: threads}]\n";
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"), head
                + "workloads: [{workload: sequence}]\n")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("workloads").hasMessageContaining("at least 2");
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"), head
                + "workloads: [{workload: sequence}, {workload: sequence}]\n"))
                .hasMessageContaining("workloads[1].name (sequence) is already the name of another workload");
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"), head
                + "workloads: [{workload: sequence}, {name: ../x, users: 2}]\n"))
                .hasMessageContaining("workloads[1].name (../x) must be");
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"), head
                + "workloads: [{workload: sequence}, {users: 0}]\n"))
                .hasMessageContaining("workloads[1].users (0) must be a whole number of at least 1");
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"), head
                + "workloads: [{workload: sequence}, {workload: \"single:Q99\"}]\n"))
                .hasMessageContaining("t.yaml:3: query (Q99) must be Q1 to Q22");
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"), head
                + "workloads: [{workload: sequence}, {query: 1}]\n"))
                .hasMessageContaining("workloads[1].query (query) is not a known key");
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"),
                "target: {engine: duckdb}\nparameters: [{name: users}]\n"
                        + "workloads: [{workload: sequence}, {users: 2}]\n"))
                .hasMessageContaining("users").hasMessageContaining("cannot be tuned with workloads");
    }

    /**
     * A workload whose best is the default: its diagonal measures the default against itself, here planted to look
     * 20 % worse whenever the default configuration is not run as the default, and its verdict stays
     * indistinguishable, as a single session's does when nothing beat the default.
     */
    @Test
    void aBestThatIsTheDefaultIsIndistinguishableWhateverItsDiagonalSays(@TempDir Path dir) throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), FILE);
        Path out = dir.resolve("out");
        WorkloadsTuner.run(f, spec -> new TuningTarget() {
            @Override
            public Measurement measure(Configuration config, boolean isDefault, Path log) {
                long threads = ((Number) config.get("threads")).longValue();
                return Measurement.ok(List.of((isDefault ? 10.0 : 12.0) + 5 * Math.abs(threads - 2)), 1);
            }

            @Override
            public io.tunescope.store.TargetDescription describe() {
                return null;
            }
        }, out, false, Progress.NONE);
        CrossApplyMatrix m = CrossApplyMatrix.read(TuningDir.of(out).matrix());
        assertThat(m.cell("sequence", "sequence").improvementPercent()).as("the planted A/A difference")
                .isLessThan(-10);
        JsonNode best = Json.MAPPER.readTree(TuningDir.of(out).workload("sequence").best().toFile());
        assertThat(best.at("/best/config/threads").asLong()).as("the best is the default").isEqualTo(2);
        assertThat(best.get("verdict").asText()).isEqualTo("indistinguishable");
        assertThat(best.get("revalidated").get("verdict").asText()).isEqualTo("indistinguishable");
        assertThat(best.get("revalidated").get("improvementPercent").asDouble()).isLessThan(-10);
    }
}
