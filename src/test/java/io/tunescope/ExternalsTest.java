package io.tunescope;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExternalsTest {
    @Test
    void aMissingExternalSkipsOnADeveloperMachineAndFailsUnderCi() {
        Class<? extends Throwable> expected = Externals.required() ? AssertionFailedError.class
                : TestAbortedException.class;
        assertThatThrownBy(() -> Externals.require(false, "the moon")).isInstanceOf(expected)
                .hasMessageStartingWith("missing external: the moon");
        assertThatThrownBy(() -> Externals.tool("tunescope-no-such-tool", "nothing")).isInstanceOf(expected)
                .hasMessageContaining("tunescope-no-such-tool not on the PATH");
        Externals.require(true, "present");
    }

    @Test
    void toolsAreFoundOnThePathAndInDebiansDirectories() {
        assertThat(Externals.findTool("sh")).hasValueSatisfying(p -> assertThat(Files.isExecutable(p)).isTrue());
        assertThat(Externals.findTool("tunescope-no-such-tool")).isEmpty();
    }
}
