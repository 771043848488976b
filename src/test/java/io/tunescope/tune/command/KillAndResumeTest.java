package io.tunescope.tune.command;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import io.tunescope.store.TuningDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The acceptance case: {@code tunescope tune} runs as a child JVM, is killed with SIGKILL after some trials,
 * and {@code --resume} continues without losing or repeating a completed trial.
 */
class KillAndResumeTest {
    private static final Path EXAMPLE = Path.of("examples/tune-command.yaml");

    private static Process start(Path out, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.tunescope.cli.Main", "tune"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(out.resolveSibling(out.getFileName() + ".log").toFile());
        pb.environment().put("TUNE_TARGET_SLEEP", "0.15");
        return pb.start();
    }

    private static List<JsonNode> trials(Path dir) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(TuningDir.of(dir).journal())) {
            try {
                JsonNode n = Json.MAPPER.readTree(line);
                if (n.path("type").asText().equals("trial")) {
                    out.add(n);
                }
            } catch (IOException torn) {
                // a line cut by the kill is not a completed trial
            }
        }
        return out;
    }

    @Test
    void killNineThenResumeLosesNoCompletedTrial(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        Process p = start(out, EXAMPLE.toString(), "--out", out.toString(), "--budget", "16");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && (!Files.exists(TuningDir.of(out).journal()) || trials(out).size() < 5)) {
            Thread.sleep(50);
        }
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        List<JsonNode> before = trials(out);
        assertThat(before.size()).as("trials completed before the kill").isBetween(5, 15);

        Process r = start(tmp.resolve("resume"), "--resume", out.toString(), "--budget", "16");
        assertThat(r.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(r.exitValue()).as(Files.readString(tmp.resolve("resume.log"))).isZero();

        List<JsonNode> after = trials(out);
        assertThat(after).hasSize(16);
        for (int i = 0; i < before.size(); i++) {
            assertThat(after.get(i)).as("completed trial " + (i + 1) + " kept").isEqualTo(before.get(i));
        }
        HashSet<String> configs = new HashSet<>();
        for (JsonNode t : after) {
            assertThat(configs.add(t.get("config").toString())).as("configuration measured twice").isTrue();
        }
        JsonNode best = Json.MAPPER.readTree(out.resolve("best.json").toFile());
        assertThat(best.get("trials").asInt()).isEqualTo(16);
        assertThat(best.at("/default/objective").asDouble()).isEqualTo(74.0);
        assertThat(best.at("/best/objective").asDouble()).isLessThan(74.0);
        assertThat(out.resolve("convergence.png")).exists();
        assertThat(out.resolve("summary.json")).exists();
    }

    private static List<JsonNode> lines(Path dir, String type) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(TuningDir.of(dir).journal())) {
            try {
                JsonNode n = Json.MAPPER.readTree(line);
                if (n.path("type").asText().equals(type)) {
                    out.add(n);
                }
            } catch (IOException torn) {
                // a line cut by the kill
            }
        }
        return out;
    }

    /** The race whose measurements are journaled but whose trial is not: the tuner is in the middle of it. */
    private static int raceInFlight(Path dir) throws IOException {
        if (!Files.exists(TuningDir.of(dir).journal())) {
            return 0;
        }
        HashSet<Integer> done = new HashSet<>();
        lines(dir, "trial").forEach(t -> done.add(t.get("trial").asInt()));
        java.util.Map<Integer, Integer> counts = new java.util.HashMap<>();
        lines(dir, "replicate").forEach(r -> counts.merge(r.get("race").asInt(), 1, Integer::sum));
        return counts.entrySet().stream().filter(e -> e.getKey() > 2 && !done.contains(e.getKey())
                && e.getValue() >= 2).map(java.util.Map.Entry::getKey).findFirst().orElse(0);
    }

    @Test
    void killNineInTheMiddleOfARaceLosesNoMeasurementAndCountsNoneTwice(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        // racing is the default; named here so that this test keeps racing whatever the default becomes
        Path racing = tmp.resolve("racing.yaml");
        Files.writeString(racing, Files.readString(EXAMPLE) + "workingDirectory: "
                + EXAMPLE.toAbsolutePath().getParent() + "\nprotocol: racing\n");
        Process p = start(out, racing.toString(), "--out", out.toString(), "--budget", "12");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        int race = 0;
        while (System.nanoTime() < deadline && p.isAlive() && (race = raceInFlight(out)) == 0) {
            Thread.sleep(20);
        }
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(race).as("a race was in flight at the kill").isPositive();
        List<JsonNode> before = lines(out, "replicate");

        Process r = start(tmp.resolve("resume"), "--resume", out.toString(), "--budget", "12");
        assertThat(r.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(r.exitValue()).as(Files.readString(tmp.resolve("resume.log"))).isZero();

        List<JsonNode> after = lines(out, "replicate");
        assertThat(after.subList(0, before.size())).as("every measurement before the kill kept").isEqualTo(before);
        HashSet<String> keys = new HashSet<>();
        for (JsonNode m : after) {
            String key = m.get("race") + "/" + m.get("trial") + "/" + m.get("slice");
            assertThat(keys.add(key)).as("measured twice: " + key).isTrue();
        }
        assertThat(lines(out, "trial")).hasSize(12);
        final int cut = race;
        JsonNode resumed = lines(out, "trial").stream().filter(t -> t.get("trial").asInt() == cut).findFirst()
                .orElseThrow();
        List<Double> candidate = new ArrayList<>();
        after.stream().filter(m -> m.get("race").asInt() == cut && m.get("trial").asInt() == cut)
                .forEach(m -> candidate.add(m.get("value").asDouble()));
        List<Double> told = new ArrayList<>();
        resumed.get("measurements").forEach(v -> told.add(v.asDouble()));
        assertThat(told).as("the cut race's trial holds its measurements from both processes").isEqualTo(candidate);
        assertThat(Json.MAPPER.readTree(out.resolve("best.json").toFile()).get("verdict").asText())
                .isIn("better", "worse", "indistinguishable");
        // summary.json lists the races of both processes, the cut one included
        List<Integer> raced = new ArrayList<>();
        Json.MAPPER.readTree(out.resolve("summary.json").toFile()).path("races")
                .forEach(n -> raced.add(n.path("trial").asInt()));
        assertThat(raced).contains(cut).doesNotHaveDuplicates();
    }
}
