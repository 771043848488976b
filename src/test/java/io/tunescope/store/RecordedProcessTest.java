package io.tunescope.store;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A pid read back from a file names our process only while its start time and command line still match. */
class RecordedProcessTest {
    @Test
    void readsStartTimeAfterACommandNameWithSpacesAndParentheses() {
        String stat = "4242 (a b) c)) S 1 4242 4242 0 -1 4194560 120 0 0 0 3 1 0 0 20 0 1 0 987654 1234 56 "
                + "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";
        assertThat(RecordedProcess.startTicks(stat)).isEqualTo(987654L);
    }

    @Test
    void joinsTheArgumentsOfCmdline() {
        byte[] cmdline = "sleep\u000030\u0000".getBytes(StandardCharsets.UTF_8);
        assertThat(RecordedProcess.commandLine(cmdline)).isEqualTo("sleep 30");
    }

    @Test
    void aLiveProcessIsOursOnlyWithItsOwnStartTimeAndCommandLine() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "300").start();
        try {
            RecordedProcess recorded = RecordedProcess.of(sleep.pid()).orElseThrow();
            assertThat(recorded.commandLine()).isEqualTo("sleep 300");
            assertThat(recorded.startTicks()).isPositive();
            assertThat(recorded.match()).isEqualTo(RecordedProcess.Match.OURS);
            assertThat(recorded.handleIfOurs()).isPresent();

            RecordedProcess earlier = new RecordedProcess(sleep.pid(), recorded.startTicks() - 1,
                    recorded.commandLine());
            assertThat(earlier.match()).as("same pid, another start").isEqualTo(RecordedProcess.Match.FOREIGN);
            assertThat(earlier.handleIfOurs()).isEmpty();
            RecordedProcess otherCommand = new RecordedProcess(sleep.pid(), recorded.startTicks(), "java -jar x");
            assertThat(otherCommand.match()).isEqualTo(RecordedProcess.Match.FOREIGN);
            assertThat(RecordedProcess.runningWhoseCommandLineContains(sleep.pid(), "/var/lib/data")).isEmpty();
            assertThat(RecordedProcess.runningWhoseCommandLineContains(sleep.pid(), "300")).isPresent();

            sleep.destroyForcibly();
            assertThat(sleep.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(recorded.match()).isEqualTo(RecordedProcess.Match.GONE);
        } finally {
            sleep.destroyForcibly();
        }
    }

    @Test
    void aPidThatNeverRanIsGone() {
        assertThat(new RecordedProcess(Integer.MAX_VALUE, 1, "x").match()).isEqualTo(RecordedProcess.Match.GONE);
        assertThat(RecordedProcess.of(0)).isEmpty();
    }
}
