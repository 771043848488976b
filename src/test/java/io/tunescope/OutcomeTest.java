package io.tunescope;

import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;

import static org.assertj.core.api.Assertions.assertThat;

class OutcomeTest {
    @Test
    void eachOutcomeHasTheExitCodeTheDesignNotesGiveIt() {
        assertThat(Outcome.OK.exitCode()).isZero();
        assertThat(Outcome.FAILURE.exitCode()).isEqualTo(1);
        assertThat(Outcome.USAGE.exitCode()).isEqualTo(2);
        assertThat(Outcome.BAD_INPUT.exitCode()).isEqualTo(3);
        assertThat(Outcome.BAD_INPUT.meaning()).isEqualTo("bad input");
    }

    @Test
    void exitCodesMapBackAndAnythingElseIsAFailure() {
        for (Outcome o : Outcome.values()) {
            assertThat(Outcome.ofExitCode(o.exitCode())).isEqualTo(o);
        }
        assertThat(Outcome.ofExitCode(137)).isEqualTo(Outcome.FAILURE);   // killed by SIGKILL
        assertThat(Outcome.ofExitCode(-1)).isEqualTo(Outcome.FAILURE);
    }

    @Test
    void badInputIsTheOnlyExceptionThatIsNotAPlainFailure() {
        BadInputException bad = BadInputException.of("users", 0, "must be at least 1");
        assertThat(bad.outcome()).isEqualTo(Outcome.BAD_INPUT);
        assertThat(Outcome.of(bad)).isEqualTo(Outcome.BAD_INPUT);
        assertThat(Outcome.of(new UncheckedIOException(new java.io.IOException("disk full")))).isEqualTo(Outcome.FAILURE);
        assertThat(Outcome.of(new IllegalStateException())).isEqualTo(Outcome.FAILURE);
    }
}
