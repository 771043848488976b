package io.tunescope.fault;

import io.tunescope.SecretScan;
import io.tunescope.cli.Main;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.Json;
import io.tunescope.store.study.StudyServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fault injection on the PostgreSQL study store: {@code kill -9} of {@code tunescope tune --study URL} while its third
 * trial runs, then {@code tune --resume DIR}. The two completed trials are neither lost nor run again, the
 * interrupted trial (claimed, never completed) is re-run once under its own number with its own configuration, and
 * the study ends with trials 1..budget, each once.
 */
@Timeout(120)
class StudyTunerKilledTest {
    private static final int BUDGET = 5;

    @Test
    void aTunerKilledMidTrialResumesFromTheStudyWithNothingLostOrDoubled(@TempDir Path dir) throws Exception {
        String marker = TunerKilledTest.markerSeconds();
        // each run counts itself in the file `count`; the third run hangs until killed
        Files.writeString(dir.resolve("t.yaml"), """
                command: ["sh", "-c", "n=$(( $(cat count 2>/dev/null || echo 0) + 1 )); echo $n > count; \
                if [ $n -eq 3 ]; then sleep %s; fi; echo v=$TUNE_A"]
                pass: {env: TUNE_}
                objective: {regex: "v=([0-9]+)"}
                timeoutSeconds: 600
                budget: %d
                strategy: random
                parameters: [{name: a, type: int, min: 1, max: 100000}]
                """.formatted(marker, BUDGET));
        try (PostgresServer server = StudyServers.start(dir.resolve("pg"))) {
            Path out = dir.resolve("out");
            Process tuner = tuner(server, dir, "tune", dir.resolve("t.yaml").toString(), "--out", out.toString(),
                    "--study", server.jdbcUrl(), "--study-user", server.user(), "--study-name", "killed");
            com.fasterxml.jackson.databind.JsonNode interrupted;
            int writer;
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (!TunerKilledTest.marked(marker).findAny().isPresent() && System.nanoTime() < deadline
                        && tuner.isAlive()) {
                    Thread.sleep(50);
                }
                List<Object[]> running = rows(server, "running");
                assertThat(running).as("the trial in flight, claimed in the study").hasSize(1);
                assertThat(running.get(0)[0]).isEqualTo(3);
                interrupted = Json.MAPPER.readTree((String) running.get(0)[1]);
                writer = (Integer) running.get(0)[2];
                tuner.destroyForcibly();   // SIGKILL: no Java code runs in the tuner
                assertThat(tuner.waitFor(10, TimeUnit.SECONDS)).isTrue();
            } finally {
                tuner.destroyForcibly();
                TunerKilledTest.killMarked(marker);
            }
            assertThat(rows(server, "done")).extracting(r -> r[0]).containsExactly(1, 2);
            StudyServers.awaitWriterGone(server, writer);

            Process resumed = tuner(server, dir, "tune", "--resume", out.toString());
            assertThat(resumed.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(resumed.exitValue()).as(Files.readString(dir.resolve("tuner.log"))).isZero();

            List<Object[]> done = rows(server, "done");
            assertThat(done).extracting(r -> r[0]).as("trials 1..budget, each once").containsExactly(1, 2, 3, 4, 5);
            assertThat(rows(server, "running")).isEmpty();
            assertThat(Json.MAPPER.readTree((String) done.get(2)[1])).as("trial 3 re-ran its own config")
                    .isEqualTo(interrupted);
            assertThat(Files.readString(dir.resolve("count")).strip()).as("runs: budget + the interrupted one")
                    .isEqualTo(Integer.toString(BUDGET + 1));
            assertThat(Json.MAPPER.readTree(out.resolve("summary.json").toFile()).path("trials")).hasSize(BUDGET);
            assertThat(out.resolve("best.json")).exists();
            assertThat(SecretScan.filesContaining(out, server.password())).isEmpty();
            assertThat(Files.readString(dir.resolve("tuner.log"))).doesNotContain(server.password());
        }
    }

    private static Process tuner(PostgresServer server, Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("tuner.log").toFile()));
        pb.environment().put("TUNESCOPE_STUDY_PASSWORD", server.password());
        return pb.start();
    }

    /** Each trial row in {@code state}: number, configuration (JSON), writer. */
    private static List<Object[]> rows(PostgresServer server, String state) throws Exception {
        List<Object[]> out = new ArrayList<>();
        try (Connection c = StudyServers.connect(server); PreparedStatement ps = c.prepareStatement("SELECT trial, "
                + "config, writer FROM tunescope_trial WHERE study = 'killed' AND state = ? ORDER BY trial")) {
            ps.setString(1, state);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Object[] {rs.getInt(1), rs.getString(2), rs.getInt(3)});
                }
            }
        }
        return out;
    }
}
