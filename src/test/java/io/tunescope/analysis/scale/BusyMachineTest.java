package io.tunescope.analysis.scale;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BusyMachineTest {

    @Test
    void theRunsOwnThreadsDoNotMakeTheMachineBusy() {
        assertThat(BusyMachine.warning(8.4, 2, 8)).isEmpty();
        assertThat(BusyMachine.warning(10.0, 2, 8)).isEmpty();
    }

    @Test
    void loadBeyondTheRunsOwnThreadsAndTheCpusIsReported() {
        assertThat(BusyMachine.warning(12.5, 2, 8)).hasValueSatisfying(w -> assertThat(w)
                .startsWith("machine busy: load average up to 12.5 on 2 CPUs")
                .contains("own 8 threads"));
    }
}
