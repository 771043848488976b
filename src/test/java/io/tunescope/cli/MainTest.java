package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.Outcome;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

class MainTest {
    @Test
    void unknownCommandIsAUsageError() {
        assertThat(Main.execute("no-such-command")).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void helpExitsZero() {
        assertThat(Main.execute("--help")).isEqualTo(ExitCode.OK);
    }

    @Test
    void failureKindsBecomeTheirExitCodes() {
        assertThat(ExitCode.OK).isEqualTo(Outcome.OK.exitCode());
        assertThat(ExitCode.FAILURE).isEqualTo(Outcome.FAILURE.exitCode());
        assertThat(ExitCode.USAGE).isEqualTo(Outcome.USAGE.exitCode());
        assertThat(ExitCode.BAD_INPUT).isEqualTo(Outcome.BAD_INPUT.exitCode());
        assertThat(Main.exitCodeOf(BadInputException.of("users", 0, "must be at least 1"))).isEqualTo(3);
        assertThat(Main.exitCodeOf(new CommandLine.ParameterException(Main.newCommandLine(), "no"))).isEqualTo(2);
        assertThat(Main.exitCodeOf(new IllegalStateException("boom"))).isEqualTo(1);
    }
}
