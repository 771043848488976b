package io.tunescope.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class CheckCommandTest {
    private record Result(int code, String out, String err) {
    }

    private static Result check(Object... files) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] args = Stream.concat(Stream.of("check"), Stream.of(files).map(String::valueOf)).toArray(String[]::new);
        int code = Main.newCommandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    private static List<Path> exampleYamls() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("examples"))) {
            return files.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml")).sorted().toList();
        }
    }

    @Test
    void everyYamlExampleIsOkAndNamedWithItsKind() throws IOException {
        List<Path> examples = exampleYamls();
        assertThat(examples).hasSizeGreaterThanOrEqualTo(10);
        Result r = check(examples.toArray());
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out().lines()).hasSize(examples.size()).allMatch(l -> l.contains(": ok ("));
        assertThat(r.out()).contains("examples/quick.yaml: ok (experiment plan)")
                .contains("examples/tune-duckdb-tpch.yaml: ok (tuning file)")
                .contains("examples/shop-cluster-sim.yaml: ok (cluster file)");
    }

    @Test
    void aWrongTypeIsBadInputAtItsLine(@TempDir Path dir) throws IOException {
        Path plan = dir.resolve("plan.yaml");
        Files.writeString(plan, "name: p\nbase:\n  engine: duckdb\n  iterations: many\nfactors:\n  users: [1, 2]\n");
        Path tuning = dir.resolve("tune.yaml");
        Files.writeString(tuning, Files.readString(Path.of("examples/tune-duckdb-tpch.yaml"))
                .replaceFirst("(?m)^budget: .*$", "budget: [3]"));
        int budgetLine = Files.readAllLines(tuning).indexOf("budget: [3]") + 1;
        assertThat(budgetLine).isPositive();

        Result r = check(plan, tuning);
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err()).contains("tunescope: " + plan + ":4: base.iterations (many) must be a whole number")
                .contains(tuning + ":" + budgetLine + ": budget ([3]) must be a whole number");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void oneBadFileFailsTheRunButEveryFileIsReported(@TempDir Path dir) throws IOException {
        Path misspelt = dir.resolve("c.yaml");
        Files.writeString(misspelt, Files.readString(Path.of("examples/shop-cluster-sim.yaml")) + "  trialsPerMod: 3\n");
        Result r = check(misspelt, "examples/quick.yaml", dir.resolve("absent.yaml"));
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.out()).contains("examples/quick.yaml: ok (experiment plan)");
        assertThat(r.err()).contains("cluster.trialsPerMod (trialsPerMod) is not a known key")
                .contains("tuning file (" + dir.resolve("absent.yaml") + ") does not exist");
    }
}
