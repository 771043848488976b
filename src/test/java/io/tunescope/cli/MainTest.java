package io.tunescope.cli;

import org.junit.jupiter.api.Test;

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
}
