package io.tunescope.fault;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.store.ExecutionCsv;
import io.tunescope.store.ExecutionRecord;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fault injection on the output directory mid-run: a file system that fills up (a small tmpfs mounted by the test)
 * and a directory made read-only. Each checks the exit code, the one-line reason, that no JSON is corrupt and no
 * temporary file is left, that every execution written before the fault is kept and counted, and that no process of
 * ours is left.
 */
@Timeout(180)
class OutputDirFaultTest {
    private static final long HEADER_BYTES = 120;

    @Test
    void aDiskThatFillsUpMidRunCutsTheRunKeepsWhatWasMeasuredAndStillWritesTheSummary(@TempDir Path dir)
            throws Exception {
        Path fs = dir.resolve("fs");
        Externals.tmpfs(fs, 16 * 1024);
        try {
            Path out = fs.resolve("run");
            Set<Long> before = ourProcesses();
            AtomicLong filledAt = new AtomicLong();
            Thread filler = new Thread(() -> fillOnceMeasuring(out, fs.resolve("filler"), filledAt), "filler");
            filler.setDaemon(true);
            filler.start();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            long start = System.nanoTime();
            int code = execute(err, "run", "--tenants", "2", "--users", "2", "--workload", "single:Q6",
                    "--duration", "90s", "--load-threads", "1", "--monitor", "--out", out.toString());
            double seconds = (System.nanoTime() - start) / 1e9;
            filler.join(10_000);
            String stderr = err.toString(StandardCharsets.UTF_8);
            assertThat(filledAt.get()).as("the filler filled the disk").isPositive();
            assertThat(ourProcesses()).as("our processes after the run").isSubsetOf(before);
            assertThat(code).as(stderr).isEqualTo(ExitCode.FAILURE);
            assertThat(seconds).as("the run stopped at the fault, not after its 90 s").isLessThan(80);
            String reason = lastLine(stderr);
            assertThat(reason).as(stderr).matches("tunescope: tenant t[12]: user \\d+: cannot write "
                    + java.util.regex.Pattern.quote(out.toString()) + "/tenants/t[12]/executions\\.csv: "
                    + "No space left on device");
            // the space reserve made room for the summary: not complete, the same reason, every kept execution counted
            JsonNode summary = Json.MAPPER.readTree(ResultsDir.of(out).summary().toFile());
            assertThat(summary.get("complete").asBoolean()).isFalse();
            assertThat("tunescope: " + summary.get("failure").asText()).isEqualTo(reason);
            for (JsonNode tenant : summary.get("tenants")) {
                long onDisk = measured(ResultsDir.of(out).tenant(tenant.get("name").asText()).executions());
                assertThat(onDisk).as("executions written before the disk filled").isPositive();
                assertThat(tenant.get("executions").asLong()).as(tenant.get("name").asText()).isEqualTo(onDisk);
            }
            assertThat(leftovers(out)).as("temporary files, the reserve").isEmpty();
        } finally {
            Externals.unmount(fs);
        }
    }

    @Test
    void aDirectoryMadeReadOnlyMidRunFailsWithOneLineAndKeepsEveryExecution(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        List<String> command = new ArrayList<>();
        if ("root".equals(System.getProperty("user.name"))) {
            // root writes through any mode: drop the capabilities that let it, as an ordinary user runs
            command.addAll(List.of(Externals.tool("setpriv", "util-linux").toString(),
                    "--bounding-set", "-dac_override,-dac_read_search,-fowner", "--"));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", "--tenants", "2",
                "--users", "2", "--workload", "single:Q6", "--duration", "8s", "--load-threads", "1", "--monitor",
                "--out", out.toString()));
        Path log = dir.resolve("controller.log");
        Set<Long> before = ourProcesses();
        Process controller = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        List<ProcessHandle> ours = new ArrayList<>();
        long[] atFault = new long[2];
        try {
            awaitMeasuring(out, controller);
            ours.addAll(controller.descendants().toList());
            for (int t = 0; t < 2; t++) {
                atFault[t] = measured(ResultsDir.of(out).tenant("t" + (t + 1)).executions());
            }
            readOnly(out, true);
            assertThat(controller.waitFor(120, TimeUnit.SECONDS)).isTrue();
            String stderr = Files.readString(log);
            assertThat(controller.exitValue()).as(stderr).isEqualTo(ExitCode.FAILURE);
            assertThat(lastLine(stderr)).as(stderr).isEqualTo("tunescope: summary not written (cannot write "
                    + out.toAbsolutePath() + "/summary.json: permission denied); the executions measured are in "
                    + out + "/tenants/*/executions.csv");
            assertThat(stderr).doesNotContain("Exception", "\tat ");
            assertThat(ours).as("the controller's agents").noneMatch(ProcessHandle::isAlive);
            assertThat(ourProcesses()).as("our processes after the run").isSubsetOf(before);
            assertThat(ResultsDir.of(out).summary()).doesNotExist();
            for (int t = 0; t < 2; t++) {
                // files open before the fault kept taking executions to the end: nothing measured was lost
                assertThat(measured(ResultsDir.of(out).tenant("t" + (t + 1)).executions()))
                        .isGreaterThan(atFault[t]);
            }
            assertThat(leftovers(out)).as("temporary files").allMatch(p -> p.endsWith(".tunescope-reserve"));
        } finally {
            controller.destroyForcibly();
            ours.forEach(ProcessHandle::destroyForcibly);
            readOnly(out, false);
        }
    }

    /** Waits until both tenants have flushed executions, then writes a file until the disk is full. */
    private static void fillOnceMeasuring(Path out, Path filler, AtomicLong filledAt) {
        try {
            awaitMeasuring(out, null);
            Thread.sleep(1_000);
            byte[] chunk = new byte[64 * 1024];
            try (OutputStream o = Files.newOutputStream(filler)) {
                while (true) {
                    o.write(chunk);
                }
            } catch (IOException full) {
                filledAt.set(System.nanoTime());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void awaitMeasuring(Path out, Process controller) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && (controller == null || controller.isAlive())) {
            if (size(out, "t1") > HEADER_BYTES && size(out, "t2") > HEADER_BYTES) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IOException("the run never measured: " + out);
    }

    private static long size(Path out, String tenant) throws IOException {
        Path csv = ResultsDir.of(out).tenant(tenant).executions();
        return Files.exists(csv) ? Files.size(csv) : 0;
    }

    /** Measured executions on disk up to the first torn line, read as the summary reads them. */
    private static long measured(Path csv) {
        AtomicLong n = new AtomicLong();
        ExecutionCsv.forEach(csv, e -> {
            if (e.phase() == ExecutionRecord.Phase.MEASURE) {
                n.incrementAndGet();
            }
        });
        return n.get();
    }

    private static List<Path> leftovers(Path out) throws IOException {
        try (Stream<Path> files = Files.walk(out)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")
                    || p.getFileName().toString().equals(".tunescope-reserve")).toList();
        }
    }

    private static void readOnly(Path out, boolean readOnly) throws IOException {
        if (!Files.exists(out)) {
            return;
        }
        try (Stream<Path> all = Files.walk(out)) {
            for (Path p : all.filter(Files::isDirectory).toList()) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(readOnly ? "r-xr-xr-x" : "rwxr-xr-x"));
            }
        }
    }

    private static String lastLine(String text) {
        String[] lines = text.strip().split("\n");
        return lines[lines.length - 1].strip();
    }

    private static int execute(ByteArrayOutputStream err, String... argv) {
        PrintStream oldErr = System.err;
        PrintStream oldOut = System.out;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            return Main.execute(argv);
        } finally {
            System.setErr(oldErr);
            System.setOut(oldOut);
        }
    }

    private static Set<Long> ourProcesses() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }
}
