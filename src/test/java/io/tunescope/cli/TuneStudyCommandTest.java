package io.tunescope.cli;

import io.tunescope.Externals;
import io.tunescope.engine.Processes;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.Json;
import io.tunescope.store.TuningDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code tune --study postgres}: the study in a private instance under the output directory, stopped at the end. */
@Timeout(120)
class TuneStudyCommandTest {
    @Test
    void aPrivateStudyInstanceHoldsTheTrialsAndIsStoppedAtTheEnd(@TempDir Path dir) throws Exception {
        Externals.postgres();
        Files.writeString(dir.resolve("t.yaml"), """
                command: ["sh", "-c", "echo v=$TUNE_A"]
                pass: {env: TUNE_}
                objective: {regex: "v=([0-9]+)", direction: maximize}
                budget: 3
                strategy: random
                parameters: [{name: a, type: int, min: 1, max: 1000}]
                """);
        Path out = dir.resolve("out");
        List<PostgresServer> started = new CopyOnWriteArrayList<>();
        List<Long> pids = new ArrayList<>();
        PostgresServer.Registration registration = PostgresServer.onStart(s -> {
            started.add(s);
            pids.addAll(s.processIds());
        });
        try {
            assertThat(Main.execute("tune", dir.resolve("t.yaml").toString(), "--out", out.toString(), "--study",
                    "postgres", "--study-name", "private1")).isZero();
        } finally {
            registration.close();
        }
        assertThat(started).hasSize(1);
        assertThat(started.get(0).jdbcUrl()).startsWith("jdbc:postgresql://127.0.0.1:");
        assertThat(TuningDir.of(out).privateStudyServer()).as("the instance's home (or its log)").exists();
        for (long pid : pids) {
            assertThat(Processes.isRunning(pid)).as("pid %d of the study instance", pid).isFalse();
        }
        assertThat(Json.MAPPER.readTree(out.resolve("summary.json").toFile()).path("trials")).hasSize(3);
        assertThat(out.resolve("best.json")).exists();
        assertThat(out.resolve("journal.jsonl")).as("the trials are in the study, not a file").doesNotExist();
        assertThat(Files.readAllLines(TuningDir.of(out).studySnapshot())).as("header and 3 trials, copied").hasSize(4);
        assertThat(io.tunescope.analysis.tune.TuningAnalysis.load(out).sessions().get(0).convergence())
                .as("report reads the copy").hasSize(3);
        var reference = Json.MAPPER.readTree(TuningDir.of(out).studyReference().toFile());
        assertThat(reference.path("url").asText()).isEqualTo("postgres");
        assertThat(reference.path("name").asText()).isEqualTo("private1");
        assertThat(Main.execute("tune", "--resume", out.toString())).isEqualTo(ExitCode.BAD_INPUT);
    }
}
