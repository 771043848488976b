package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.tune.session.Direction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TuningFileParserTest {
    private static final String GOOD = """
            command: ["sh", "-c", "echo v=1"]
            objective:
              regex: "v=([0-9.]+)"
              direction: maximize
            budget: 7
            parameters:
              - name: threads
                type: int
                min: 1
                max: 8
                default: 2
              - name: mode
                type: enum
                values: [a, b]
            constraints:
              - "threads >= 1"
            """;

    private static TuningFile parse(Path dir, String text) {
        return TuningFileParser.parse(dir.resolve("t.yaml"), text);
    }

    @Test
    void readsAGoodFile(@TempDir Path dir) {
        TuningFile f = parse(dir, GOOD);
        assertThat(f.command()).containsExactly("sh", "-c", "echo v=1");
        assertThat(f.direction()).isEqualTo(Direction.MAXIMIZE);
        assertThat(f.budget()).isEqualTo(7);
        assertThat(f.space().dims()).isEqualTo(2);
        assertThat(f.passArgs()).isTrue();
        assertThat(f.workingDirectory()).isEqualTo(dir.toAbsolutePath());
    }

    @Test
    void malformedYamlNamesFileAndLine(@TempDir Path dir) {
        assertThatThrownBy(() -> parse(dir, "command: [a\nobjective: {"))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith(dir.resolve("t.yaml") + ":")
                .hasMessageContaining("not valid YAML");
    }

    @Test
    void unknownParameterTypeNamesItsLine(@TempDir Path dir) {
        assertThatThrownBy(() -> parse(dir, GOOD.replace("type: enum", "type: colour")))
                .hasMessage(dir.resolve("t.yaml") + ":13: parameters[1].type (colour) must be one of int, real, enum, ordinal, bool");
    }

    @Test
    void minAboveMaxNamesItsLine(@TempDir Path dir) {
        assertThatThrownBy(() -> parse(dir, GOOD.replace("max: 8", "max: 0").replace("default: 2", "")))
                .hasMessage(dir.resolve("t.yaml") + ":7: threads.min (1) must be at most max (0)");
    }

    @Test
    void unsatisfiableConstraintIsBadInput(@TempDir Path dir) {
        assertThatThrownBy(() -> parse(dir, GOOD.replace("threads >= 1", "threads > 8")))
                .hasMessageStartingWith(dir.resolve("t.yaml") + ":15: constraints ([threads > 8]) are satisfied by no configuration");
    }

    @Test
    void missingCommandIsBadInputAndExitCodeThree(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> parse(dir, GOOD.replace("\"sh\"", "\"no-such-tool-xyz\"")))
                .hasMessage(dir.resolve("t.yaml") + ":1: command (no-such-tool-xyz) is not found: not an executable file and not on PATH");
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, GOOD.replace("\"sh\"", "\"./missing.sh\""));
        assertThat(Main.execute("tune", f.toString(), "--out", dir.resolve("out").toString())).isEqualTo(ExitCode.BAD_INPUT);
    }

    @Test
    void typosInKeysAreCaught(@TempDir Path dir) {
        assertThatThrownBy(() -> parse(dir, GOOD.replace("budget: 7", "budgte: 7")))
                .hasMessageContaining(":5: budgte (budgte) is not a known key");
    }
}
