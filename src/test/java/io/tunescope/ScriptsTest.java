package io.tunescope;

import io.tunescope.monitor.trace.TracefsTracer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scripts in {@code scripts/}: each one named in its index, none that needs offline Maven or the test classes
 * (but the two JMH benchmarks), and the smallest case of the quick ones run as a fresh clone would run it. The
 * scripts get the tunescope classes through {@code TUNESCOPE_CLASSPATH} without {@code target/test-classes}, so a
 * script that reached for a test class fails here.
 */
class ScriptsTest {
    private static final Path SCRIPTS = Path.of("scripts");
    /** The scripts whose code lives with the tests (JMH benchmarks, the option probe's walk of the commands). */
    private static final Set<String> TEST_CLASS_SCRIPTS = Set.of("monitor-overhead.sh", "scale-harness-cost.sh",
            "option-probe.sh");
    private static final Pattern INDEX_ROW = Pattern.compile("^\\| `([^`]+)` \\|", Pattern.MULTILINE);

    @Test
    void everyScriptIsNamedInTheIndexAndEveryIndexRowIsAScript() throws IOException {
        Set<String> indexed = indexRows();
        Set<String> present;
        try (Stream<Path> files = Files.walk(SCRIPTS)) {
            present = files.filter(Files::isRegularFile).map(p -> SCRIPTS.relativize(p).toString())
                    .filter(name -> !name.equals("README.md")).collect(Collectors.toSet());
        }
        assertThat(present).as("scripts missing from scripts/README.md").isSubsetOf(indexed);
        assertThat(indexed).as("index rows without a script").isSubsetOf(present);
    }

    @Test
    void noScriptRunsOfflineMavenOrLoadsTestClasses() throws IOException {
        try (Stream<Path> files = Files.walk(SCRIPTS)) {
            for (Path script : files.filter(p -> p.toString().endsWith(".sh")).toList()) {
                String text = Files.readString(script);
                assertThat(text).as(script + " runs offline Maven").doesNotContainPattern("mvn[^\\n]* -o\\b");
                if (!TEST_CLASS_SCRIPTS.contains(script.getFileName().toString())) {
                    assertThat(text).as(script + " loads compiled test classes").doesNotContain("target/test-classes");
                }
            }
        }
    }

    @Test
    void clusterScalingWritesItsTablesAndCharts(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        String output = run(tmp, 300, "scripts/cluster-scaling.sh", out.toString(), "4", "1");
        assertThat(output).contains("nodes");
        for (String file : List.of("scaling.csv", "reconfiguration.csv", "cluster-scaling.png")) {
            assertThat(out.resolve(file)).as(file).isNotEmptyFile();
        }
    }

    @Test
    void benchTpchLoadPrintsEachRunAndTheMedian(@TempDir Path tmp) throws Exception {
        String output = run(tmp, 300, "scripts/bench-tpch-load.sh", "duckdb", "0.01", "1");
        assertThat(output).containsPattern("(?i)median[^0-9]*[0-9]+");
    }

    @Test
    void scaleDerbyValues1WritesTheScaleResults(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("scale");
        // ScaleCommandTest's quick settings, in one JVM: the script's own wiring is what is tested here
        run(tmp, 300, "scripts/scale-derby-values1.sh", out.toString(), "1,2", "0.2", "--warmup-seconds", "0.05",
                "--iterations", "2", "--bootstrap", "20", "--forks", "0");
        assertThat(out.resolve("summary.json")).content().contains("\"shared\"").contains("\"separate\"");
    }

    @Test
    void traceReferenceReadsARecordedTrace(@TempDir Path tmp) throws Exception {
        String output = run(tmp, 60, "scripts/trace-reference.py",
                "src/test/resources/trace/tracefs-spinner-sleeper.txt", "24416", "24417");
        assertThat(output).contains("24416").contains("24417");
    }

    @Test
    void exactSchedstatThenTheSamplingErrorScriptsOnItsRun(@TempDir Path tmp) throws Exception {
        requireTracing();
        Path out = tmp.resolve("exact");
        String check = run(tmp, 300, "scripts/exact-schedstat.sh", out.toString(), "--engine", "duckdb", "--sf",
                "0.01", "--workload", "single:Q6", "--iterations", "2", "--monitor", "--exact");
        assertThat(check).containsPattern("trace [0-9.]+ ms  schedstat [0-9.]+ ms");
        String accuracy = run(tmp, 60, "scripts/sampler-accuracy.py", "run=" + out);
        assertThat(accuracy).contains("| run");
        Path svg = tmp.resolve("error.svg");
        String tables = run(tmp, 60, "scripts/sampling-error-chart.py", svg.toString(), "run=" + out);
        assertThat(tables).contains("relative error against exact");
        assertThat(svg).content().contains("<svg");
    }

    @Test
    void exactOverheadPrintsBothModes(@TempDir Path tmp) throws Exception {
        requireTracing();
        String output = run(tmp, 300, "scripts/exact-overhead.sh", "1", "1");
        assertThat(output).containsPattern("(?m)^sample overheadCpuMillis [0-9]+")
                .containsPattern("(?m)^exact overheadCpuMillis [0-9]+");
    }

    @Test
    void efficiencyBenchRunsEachProtocolInBothConditions(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("eff");
        String output = run(tmp, 300, Map.of("INTERFERER", "none", "BUDGET", "3", "PROTOCOLS", "auto auto3 single"),
                "scripts/efficiency-bench.sh", "1", out.toString());
        assertThat(output).containsPattern("expected at most about [0-9]+ min")
                .containsPattern("(?m)^auto +quiet +1 ").containsPattern("(?m)^auto +interferer +1 ")
                .containsPattern("(?m)^auto3 +quiet +1 ")
                .containsPattern("(?m)^single +quiet +1 ").containsPattern("(?m)^single +interferer +1 ")
                .containsPattern("(?m)^single +[^ ]*[0-9.]+ \\[[0-9.]+, [0-9.]+\\]");
        assertThat(Files.readAllLines(out.resolve("sessions.csv"))).hasSize(7);
        assertThat(out.resolve("auto3-quiet-1.yaml")).content().contains("measurementsPerTrial: 3");
    }

    /**
     * Planted journals: under racing the incumbent is the last race winner (a configuration near the optimum whose
     * race ended indistinguishable does not count, though its mean is lower); under single the lowest objective so
     * far; a session that never gets within 5 % is censored at its budget.
     */
    @Test
    void efficiencyBenchReadsTrialsTo95PercentFromTheJournal(@TempDir Path tmp) throws Exception {
        String racing = String.join("\n", replicate(2, 1, 0, 0, 100), replicate(2, 2, 5, 6, 100),
                trial(1, 0, 0, 100.0, 200, "incumbent"), trial(2, 5, 6, 90.0, 200, "indistinguishable"),
                replicate(3, 3, 9, 9, 100), trial(3, 9, 9, 95.0, 100, "better"), replicate(4, 4, 4, 5, 200),
                trial(4, 4, 5, 80.0, 200, "better"), replicate(5, 5, 5, 5, 100), trial(5, 5, 5, 99.0, 100, "worse"));
        String single = String.join("\n", trial(1, 0, 0, 100.0, 100, null), trial(2, 15, 15, 50.0, 100, null),
                trial(3, 5, 5, 60.0, 100, null), trial(4, 5, 5, null, 100, null), trial(5, 6, 5, 40.0, 100, null),
                trial(6, 15, 0, 45.0, 100, null));
        String never = String.join("\n", replicate(2, 1, 0, 0, 300), replicate(2, 2, 9, 9, 300),
                trial(1, 0, 0, 100.0, 300, "incumbent"), trial(2, 9, 9, 90.0, 300, "indistinguishable"));
        plant(tmp, "auto-quiet-1", racing);
        plant(tmp, "auto-interferer-1", never);
        plant(tmp, "single-quiet-1", single);
        plant(tmp, "single-interferer-1", single);
        String output = run(tmp, 60, Map.of(), "scripts/efficiency-bench.sh", "--report", tmp.toString());
        assertThat(Files.readAllLines(tmp.resolve("sessions.csv"))).containsExactly(
                "protocol,condition,session,reached,trialsTo95,measuringSecondsTo95,wallSecondsTo95,"
                        + "finalWithin5Percent,budget,finalX,finalY",
                "auto,interferer,1,false,6,0.6,,false,6,0,0",
                "auto,quiet,1,true,4,0.5,,true,6,4,5",
                "single,interferer,1,true,5,0.5,,true,6,6,5",
                "single,quiet,1,true,5,0.5,,true,6,6,5");
        assertThat(output).containsPattern("(?m)^auto +interferer +1 +0 +0% +0% +≥6 ")
                .containsPattern("(?m)^auto +≥1.50 \\[1.50, 1.50\\]")
                .containsPattern("(?m)^single +1.00 \\[1.00, 1.00\\]");
    }

    private static void plant(Path dir, String name, String journal) throws IOException {
        Path session = Files.createDirectories(dir.resolve(name));
        Files.writeString(session.resolve("journal.jsonl"), "{\"type\":\"session\"}\n" + journal + "\n");
        Files.writeString(session.resolve("landscape.json"), "{\"xOpt\": 5, \"yOpt\": 5, \"widthSteps\": 5, "
                + "\"a\": 1.0, \"b\": 0.5, \"min\": 0, \"max\": 15, \"budget\": 6}");
    }

    private static String replicate(int race, int trial, int x, int y, long millis) {
        return String.format("{\"type\":\"replicate\",\"race\":%d,\"trial\":%d,\"slice\":1,"
                + "\"config\":{\"x\":%d,\"y\":%d},\"value\":1.0,\"elapsedMillis\":%d}", race, trial, x, y, millis);
    }

    private static String trial(int trial, int x, int y, Double objective, long millis, String race) {
        return String.format("{\"type\":\"trial\",\"trial\":%d,\"config\":{\"x\":%d,\"y\":%d},\"status\":\"%s\","
                + "\"objective\":%s,\"measurements\":[%s],\"isDefault\":%b,\"elapsedMillis\":%d%s}", trial, x, y,
                objective == null ? "failed" : "ok", objective, objective == null ? "" : objective, trial == 1, millis,
                race == null ? "" : ",\"race\":\"" + race + "\"");
    }

    private static void requireTracing() throws Exception {
        Externals.require(TracefsTracer.prepare(TracefsTracer.DEFAULT_ROOT, line -> { }) == null, "root and tracefs");
    }

    private static Set<String> indexRows() throws IOException {
        Matcher m = INDEX_ROW.matcher(Files.readString(SCRIPTS.resolve("README.md")));
        Set<String> rows = new java.util.HashSet<>();
        while (m.find()) {
            rows.add(m.group(1));
        }
        return rows;
    }

    /** Runs a script from the repository root as a user would; its stdout and stderr, after asserting exit 0. */
    private static String run(Path tmp, int timeoutSeconds, String... command) throws Exception {
        return run(tmp, timeoutSeconds, Map.of(), command);
    }

    /** As {@link #run(Path, int, String...)}, with these variables added to the script's environment. */
    private static String run(Path tmp, int timeoutSeconds, Map<String, String> env, String... command)
            throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Path log = Files.createTempFile(tmp, "script", ".log");
        pb.redirectOutput(log.toFile());
        pb.environment().put("TUNESCOPE_CLASSPATH", mainClassPath());
        Process p = pb.start();
        try {
            assertThat(p.waitFor(timeoutSeconds, TimeUnit.SECONDS)).as(String.join(" ", command) + " finished")
                    .isTrue();
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(String.join(" ", command) + " exit status; output:\n" + output).isZero();
        return output;
    }

    /** This JVM's class path without the test classes: the main classes and the runtime libraries. */
    private static String mainClassPath() {
        List<String> entries = new ArrayList<>(Arrays.asList(System.getProperty("java.class.path")
                .split(File.pathSeparator)));
        entries.removeIf(e -> e.endsWith("test-classes") || e.endsWith("test-classes/"));
        return String.join(File.pathSeparator, entries);
    }
}
