package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.tune.session.Replication;
import io.tunescope.tune.session.TrialProtocol;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The {@code protocol:} and {@code budgetTime:} keys of a tuning file: defaults, choices and bad input. */
class ProtocolSectionTest {
    private static final String HEAD = """
            command: ["echo", "v=1"]
            objective:
              regex: "v=([0-9]+)"
            parameters:
              - {name: x, type: int, min: 0, max: 3, default: 0}
            """;

    private static TuningFile parse(String extra) {
        return TuningFileParser.parse(Path.of("t.yaml"), HEAD + extra);
    }

    @Test
    void racingIsTheDefaultAndSingleTheNamedChoice() {
        assertThat(parse("").protocol()).isEqualTo(TrialProtocol.defaults());
        assertThat(parse("").protocol().racing()).isTrue();
        assertThat(parse("protocol: racing\n").protocol()).isEqualTo(TrialProtocol.defaults());
        assertThat(parse("protocol: single\n").protocol().racing()).isFalse();
        assertThat(parse("protocol: {mode: single}\n").protocol().racing()).isFalse();
        assertThat(parse("budgetTime: 2m\n").protocol())
                .isEqualTo(TrialProtocol.defaults().withBudgetTime(Duration.ofMinutes(2)));
        TuningFile f = parse("budgetTime: 30m\nprotocol:\n  halfWidthPercent: 3\n  maxSlices: 8\n");
        assertThat(f.protocol().racing()).isTrue();
        assertThat(f.protocol().budgetTime()).isEqualTo(Duration.ofMinutes(30));
        assertThat(f.protocol().halfWidthPercent()).isEqualTo(3.0);
        assertThat(f.protocol().maxSlices()).isEqualTo(Replication.of(8));
        assertThat(f.protocol().revalidateRuns()).isEqualTo(Replication.AUTO);
        TuningFile fixed = parse("protocol: {maxSlices: 5, revalidateRuns: 20, measurementsPerTrial: 40}\n");
        assertThat(fixed.protocol().maxSlices()).isEqualTo(Replication.of(5));
        assertThat(fixed.protocol().revalidateRuns()).isEqualTo(Replication.of(20));
        assertThat(fixed.protocol().measurementsPerTrial()).isEqualTo(40);
        TuningFile auto = parse("protocol: {maxSlices: auto, revalidateRuns: auto}\n");
        assertThat(auto.protocol()).isEqualTo(TrialProtocol.defaults());
        assertThat(auto.protocol().measurementsPerTrial()).isEqualTo(TrialProtocol.DEFAULT_MEASUREMENTS_PER_TRIAL);
        assertThat(parse("budgetTime: 90s\n").protocol().budgetTime()).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void badProtocolInputNamesFileLineKeyValueAndRule() {
        assertThatThrownBy(() -> parse("protocol:\n  halfWidthPercent: 0\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:6: protocol.halfWidthPercent (0.0) must be above 0");
        assertThatThrownBy(() -> parse("protocol:\n  slices: 3\n")).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("t.yaml:7: protocol.slices (slices) is not a known key; expected one of");
        assertThatThrownBy(() -> parse("protocol:\n  maxSlices: 0\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:6: protocol.maxSlices (0) must be at least 1, or auto");
        assertThatThrownBy(() -> parse("budgetTime: 0s\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:6: budgetTime (0s) must be a positive duration such as 8ms, 30s or 2m");
        assertThatThrownBy(() -> parse("budgetTime: -5m\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:6: budgetTime (-5m) must be a positive duration such as 8ms, 30s or 2m");
        assertThatThrownBy(() -> parse("protocol: fast\n")).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("t.yaml:6: protocol (fast) must be racing or single");
        assertThatThrownBy(() -> parse("protocol:\n  halfWidthPercent: -2\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:6: protocol.halfWidthPercent (-2.0) must be above 0");
        assertThatThrownBy(() -> parse("protocol:\n  mode: single\n  sliceCount: 3\n"))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("t.yaml:8: protocol.sliceCount (sliceCount) is not a known key");
    }

    @Test
    void replicationLimitsBelowTheirMinimumAndOtherRulesAreBadInput() {
        assertThatThrownBy(() -> parse("protocol:\n  noiseRepeats: 1\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:6: protocol.noiseRepeats (1) must be at least 2 (a spread needs two)");
        assertThatThrownBy(() -> parse("protocol:\n  revalidateRuns: 1\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:6: protocol.revalidateRuns (1) must be at least 2 (an interval needs two runs "
                        + "of each), or auto");
        assertThatThrownBy(() -> parse("protocol:\n  maxSlices: -3\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:6: protocol.maxSlices (-3) must be at least 1, or auto");
        assertThatThrownBy(() -> parse("protocol:\n  unstableFactor: 1\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:6: protocol.unstableFactor (1.0) must be above 1");
        assertThatThrownBy(() -> parse("protocol:\n  confidence: 1\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:6: protocol.confidence (1.0) must be above 0.5 and below 1");
        assertThatThrownBy(() -> parse("protocol:\n  mode: fast\n")).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("t.yaml:7: protocol.mode (fast) must be racing or single");
        assertThatThrownBy(() -> parse("protocol:\n  maxSlices: lots\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:7: protocol.maxSlices (lots) must be auto or a whole number");
        assertThatThrownBy(() -> parse("protocol:\n  revalidateRuns: Auto\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:7: protocol.revalidateRuns (Auto) must be auto or a whole number");
        assertThatThrownBy(() -> parse("protocol:\n  revalidateRuns: 2.5\n")).isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:7: protocol.revalidateRuns (2.5) must be a whole number");
        assertThatThrownBy(() -> parse("protocol:\n  measurementsPerTrial: 1\n"))
                .isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:6: protocol.measurementsPerTrial (1) must be between 2 and 1000");
        assertThatThrownBy(() -> parse("protocol:\n  measurementsPerTrial: 5000\n"))
                .isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:6: protocol.measurementsPerTrial (5000) must be between 2 and 1000");
        assertThatThrownBy(() -> parse("protocol:\n  measurementsPerTrial: auto\n"))
                .isInstanceOf(BadInputException.class)
                .hasMessage("t.yaml:7: protocol.measurementsPerTrial (auto) must be a whole number");
        assertThatThrownBy(() -> parse("protocol:\n  noiseRepeats: many\n")).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("t.yaml:7: protocol.noiseRepeats (many)");
    }
}
