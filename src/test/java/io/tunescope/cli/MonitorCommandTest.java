package io.tunescope.cli;

import io.tunescope.Externals;
import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class MonitorCommandTest {
    private static final String SELF = Long.toString(ProcessHandle.current().pid());

    /** Runs the command with stdout and stderr captured: {exit code, stdout, stderr}. */
    private static Object[] run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = Main.newCommandLine().setOut(new java.io.PrintWriter(System.out, true))
                    .setErr(new java.io.PrintWriter(System.err, true)).execute(args);
            return new Object[] {code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8)};
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void jsonOnThisJvmHasTheDocumentedFields(@TempDir Path out) throws Exception {
        Externals.linuxProc();
        Object[] r = run("monitor", "--pid", SELF, "--interval", "4ms", "--duration", "300ms", "--json",
                "--engine", "generic", "--out", out.toString());
        assertThat(r[0]).as(r[2].toString()).isEqualTo(ExitCode.OK);
        JsonNode doc = Json.MAPPER.readTree(r[1].toString());
        for (String field : new String[] {"intervalMillis", "durationMillis", "samples", "missedTicks",
            "selfCpuMillis", "threads", "system"}) {
            assertThat(doc.has(field)).as(field).isTrue();
        }
        assertThat(doc.get("intervalMillis").asDouble()).isEqualTo(4.0);
        assertThat(doc.get("samples").asLong()).isPositive();
        JsonNode thread = doc.get("threads").get(0);
        for (String field : new String[] {"pid", "tid", "name", "role", "cpuMillis", "voluntarySwitches",
            "involuntarySwitches", "migrations", "runningSamples", "sleepingSamples", "rsJumpsSampled",
            "coreChangesSampled"}) {
            assertThat(thread.has(field)).as(field).isTrue();
        }
        assertThat(doc.get("threads").findValuesAsText("role")).contains("jvm");
        assertThat(doc.get("system").get("contextSwitches").asLong()).isPositive();
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("environment").get("javaVersion").asText()).isNotBlank();
        assertThat(summary.get("type").asText()).isEqualTo("monitor");
        assertThat(summary.get("command").asText()).isEqualTo("monitor");
        assertThat(summary.get("pids").get(0).asLong()).isEqualTo(Long.parseLong(SELF));
        assertThat(summary.get("rawSamples").asText()).isEqualTo("samples.tsraw");
        assertThat(summary.get("intervalMillis").asDouble()).isPositive();
        assertThat(summary.get("report").get("samples").asLong()).isEqualTo(doc.get("samples").asLong());
        assertThat(Files.size(out.resolve("samples.tsraw"))).isPositive();
    }

    @Test
    void tableIsTheDefault() {
        Externals.linuxProc();
        Object[] r = run("monitor", "--pid", SELF, "--duration", "100ms");
        assertThat(r[0]).isEqualTo(ExitCode.OK);
        assertThat(r[1].toString()).contains("tenant").contains("jvm-gc").contains("samples in");
    }

    @Test
    void badInputIsExitThreeWithOneLine() {
        Object[] r = run("monitor", "--pid", "999999999", "--duration", "100ms");
        assertThat(r[0]).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r[2].toString().strip()).isEqualTo(
                "tunescope: pid (999999999) must name at least one running, readable process");
        r = run("monitor", "--pid", SELF, "--interval", "8");
        assertThat(r[0]).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r[2].toString()).contains("interval (8) must be a duration such as 8ms or 5s");
        r = run("monitor", "--pid", SELF, "--interval", "500us");
        assertThat(r[0]).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r[2].toString()).contains("interval (0ms) must be between 1ms and 10s");
        r = run("monitor", "--pid", SELF, "--engine", "oracle");
        assertThat(r[0]).isEqualTo(ExitCode.BAD_INPUT);
    }

    @Test
    void missingPidIsUsage() {
        assertThat(run("monitor")[0]).isEqualTo(ExitCode.USAGE);
        assertThat(run("monitor", "--help")[0]).isEqualTo(ExitCode.OK);
    }
}
