package io.tunescope.cli;

import io.tunescope.Externals;
import io.tunescope.SecretScan;
import io.tunescope.engine.postgres.PostgresServer;
import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ScaleCommandTest {
    private static final String[] QUICK = {"--seconds", "0.2", "--warmup-seconds", "0.05", "--iterations", "2",
            "--bootstrap", "20"};

    /** The quick settings, in this JVM unless {@code extra} asks for forks, and the output directory. */
    static String[] args(Path out, String... extra) {
        List<String> a = new ArrayList<>(List.of("scale"));
        a.addAll(List.of(extra));
        a.addAll(List.of(QUICK));
        if (!a.contains("--forks")) {
            a.addAll(List.of("--forks", "0"));
        }
        a.addAll(List.of("--out", out.toString()));
        return a.toArray(String[]::new);
    }

    /** On a starved machine one short point can complete nothing; the run as a whole must not. */
    static double totalOpsPerSec(JsonNode summary) {
        double sum = 0;
        for (JsonNode p : summary.get("points")) {
            sum += p.get("opsPerSec").asDouble();
        }
        return sum;
    }

    @Test
    void derbyCurveWithContentionWritesSummaryChartAndJfr(@TempDir Path dir) throws Exception {
        int code = Main.execute(args(dir, "--engine", "derby", "--threads", "1,2,3", "--modes", "shared,separate",
                "--contention"));
        assertThat(code).isEqualTo(ExitCode.OK);
        JsonNode s = Json.MAPPER.readTree(dir.resolve("summary.json").toFile());
        assertThat(s.get("engine").asText()).isEqualTo("derby");
        assertThat(s.get("statement").asText()).isEqualTo("VALUES 1");
        assertThat(s.get("status").asText()).isEqualTo("complete");
        assertThat(s.get("points")).hasSize(6);
        JsonNode p = s.get("points").get(0);
        assertThat(totalOpsPerSec(s)).isPositive();
        assertThat(p.get("opsPerSec").asDouble()).isNotNegative();
        assertThat(p.get("ci95")).hasSize(2);
        assertThat(s.get("usl").get("shared").get("lambda").asDouble()).isPositive();
        assertThat(s.get("usl").get("separate").has("peakOpsPerSec")).isTrue();
        assertThat(s.get("contention").get("byMode").has("shared")).isTrue();
        assertThat(s.get("contention").get("topMonitors").isArray()).isTrue();
        assertThat(s.get("verdict").asText()).startsWith("separate/shared throughput at 3 threads: ");
        assertThat(s.get("environment").get("cpuCount").asInt()).isPositive();
        assertThat(dir.resolve("throughput.png")).isNotEmptyFile();
        assertThat(dir.resolve("contention-shared-3t.jfr")).isNotEmptyFile();
        assertThat(dir.resolve("report.txt")).content().contains("verdict:");
    }

    @Test
    void forkedRunMeasuresInAFreshJvm(@TempDir Path dir) throws Exception {
        int code = Main.execute(args(dir, "--engine", "h2", "--threads", "1,2", "--modes", "shared", "--forks", "1"));
        assertThat(code).isEqualTo(ExitCode.OK);
        JsonNode s = Json.MAPPER.readTree(dir.resolve("summary.json").toFile());
        assertThat(s.get("forks").asInt()).isEqualTo(1);
        assertThat(s.get("points")).hasSize(2);
        assertThat(s.get("points").get(1).get("iterations").asInt()).isEqualTo(2);
        // one fresh JVM per point, none of them this one
        long here = ProcessHandle.current().pid();
        assertThat(s.get("points").get(0).get("jvmPids")).hasSize(1);
        assertThat(s.get("points").get(0).get("jvmPids").get(0).asLong())
                .isNotEqualTo(here).isNotEqualTo(s.get("points").get(1).get("jvmPids").get(0).asLong());
        assertThat(s.get("warnings").toString()).contains("a fit needs at least 3");
    }

    @Test
    void jdbcUrlEngineRuns(@TempDir Path dir) throws Exception {
        int code = Main.execute(args(dir, "--engine", "jdbc", "--url", "jdbc:hsqldb:mem:scaletest", "--statement",
                "VALUES (1)", "--threads", "1,2,3", "--modes", "unprepared"));
        assertThat(code).isEqualTo(ExitCode.OK);
        JsonNode s = Json.MAPPER.readTree(dir.resolve("summary.json").toFile());
        assertThat(s.get("engine").asText()).isEqualTo("hsqldb");
        assertThat(s.get("points")).hasSize(3);
    }

    @Test
    void privatePostgresInstanceRunsAndIsStopped(@TempDir Path dir) throws Exception {
        Externals.postgres();
        List<PostgresServer> started = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<String> leakedInProcessList = new java.util.concurrent.CopyOnWriteArrayList<>();
        int code;
        PostgresServer.Registration registration = PostgresServer.onStart(server -> {
            started.add(server);
            try {
                leakedInProcessList.addAll(SecretScan.commandLinesContaining(server.password()));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try {
            code = Main.execute(args(dir, "--engine", "postgres", "--threads", "1,2", "--modes", "shared"));
        } finally {
            registration.close();
        }
        assertThat(code).isEqualTo(ExitCode.OK);
        JsonNode s = Json.MAPPER.readTree(dir.resolve("summary.json").toFile());
        assertThat(s.get("engine").asText()).isEqualTo("postgres");
        assertThat(s.get("engineVersion").asText()).startsWith("PostgreSQL");
        assertThat(totalOpsPerSec(s)).isPositive();
        assertThat(started).hasSize(1);
        PostgresServer server = started.get(0);
        // the secret itself, not the word "password": nowhere under the output directory, nor on a command line
        assertThat(SecretScan.filesContaining(dir, server.password())).isEmpty();
        assertThat(leakedInProcessList).isEmpty();
        // the cluster's files are gone wherever they lived (a temporary home when root), its log is kept here
        assertThat(server.dataDir()).doesNotExist();
        assertThat(dir.resolve("postgres").resolve("postgres.log")).isRegularFile();
    }

    @Test
    void badInputExitsThreeAndUsageTwo(@TempDir Path dir) {
        assertThat(Main.execute(args(dir, "--engine", "derby", "--threads", "0,2"))).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute(args(dir, "--engine", "derby", "--threads", "-1"))).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute(args(dir, "--engine", "nosuchdb"))).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute(args(dir, "--engine", "postgres", "--threads", "0"))).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute(args(dir, "--engine", "h2", "--statement", "SELEC 1"))).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute(args(dir, "--engine", "h2", "--modes", "sharde"))).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute(args(dir, "--engine", "jdbc", "--url", "jdbc:nosuch:x")))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute(args(dir, "--engine", "jdbc"))).isEqualTo(ExitCode.USAGE);
        assertThat(Main.execute(args(dir, "--threads", "two"))).isEqualTo(ExitCode.USAGE);
        assertThat(Main.execute("scale", "--help")).isEqualTo(ExitCode.OK);
    }

    @Test
    void helpFormatsWithoutPicocliWarnings() {
        java.io.PrintStream old = System.err;
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            String out = UslCommandTest.stdoutOf(() -> Main.execute("scale", "--help"));
            assertThat(out).contains("95% CI").contains("--contention");
        } finally {
            System.setErr(old);
        }
        assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("WARN");
    }
}
