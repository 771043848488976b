package io.tunescope.shop.stack;

import io.tunescope.BadInputException;
import io.tunescope.store.Json;
import io.tunescope.store.RecordedProcess;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopStackState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A stale stack.json whose supervisor pid now names a process we did not start (a {@code sleep} of this test's):
 * {@code shop status} does not call it running and {@code shop stop} never signals it.
 */
class StackControlStaleTest {
    @TempDir
    Path dir;

    private Process stranger;

    @BeforeEach
    void startAStranger() throws Exception {
        stranger = new ProcessBuilder("sleep", "600").start();
    }

    @AfterEach
    void endTheStranger() throws Exception {
        stranger.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    @Test
    void aReusedPidIsNotOursAndIsNotSignalled() throws Exception {
        RecordedProcess now = RecordedProcess.of(stranger.pid()).orElseThrow();
        // what the stack recorded: a supervisor JVM that had this pid before the stranger got it
        RecordedProcess before = new RecordedProcess(stranger.pid(), now.startTicks() - 100,
                "java -Dtunescope.role=shop-stack " + StackMain.class.getName() + " " + dir);
        writeState(new RecordedProcess[]{before});

        StackStatus status = StackControl.inspect(dir);
        assertThat(status.kind()).isEqualTo(StackStatus.Kind.NOT_OURS);
        assertThat(status.reason().orElseThrow()).contains("not ours").contains(String.valueOf(stranger.pid()));
        assertThat(StackControl.status(dir)).as("not called running").isEmpty();

        assertThat(StackControl.stop(dir).kind()).isEqualTo(StackStatus.Kind.NOT_OURS);
        assertThat(stranger.waitFor(1, TimeUnit.SECONDS)).as("the stranger still runs after shop stop").isFalse();
        assertThat(ResultsDir.of(dir).shopStack()).as("the stale file is removed").doesNotExist();
    }

    @Test
    void anOlderStackJsonWithoutStartTimesIsNotSignalled() throws Exception {
        writeState(null);

        StackStatus status = StackControl.inspect(dir);
        assertThat(status.kind()).isEqualTo(StackStatus.Kind.UNVERIFIABLE);
        assertThat(status.reason().orElseThrow()).contains("cannot be verified").doesNotContain("\n");
        assertThat(StackControl.stop(dir).kind()).isEqualTo(StackStatus.Kind.UNVERIFIABLE);
        assertThat(stranger.waitFor(1, TimeUnit.SECONDS)).as("the stranger still runs after shop stop").isFalse();
        assertThat(ResultsDir.of(dir).shopStack()).as("kept: it may be a running stack").exists();
    }

    @Test
    void aMistypedDirectoryIsSaidToNotExist() {
        assertThatThrownBy(() -> StackControl.stop(dir.resolve("typo"))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("typo").hasMessageContaining("does not exist");
    }

    @Test
    void aCorruptStackJsonIsNamedInOurWords() throws Exception {
        Files.writeString(ResultsDir.of(dir).shopStack(), "{\"supervisorPid\": [1, 2], \"baseUrl\": \"x\"}");
        assertThatThrownBy(() -> StackControl.inspect(dir)).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith(ResultsDir.of(dir).shopStack().toString())
                .hasMessageContaining("supervisorPid").hasMessageNotContaining("java.")
                .hasMessageNotContaining("Cannot deserialize");
        Files.writeString(ResultsDir.of(dir).shopStack(), "{\"supervisorPid\": 1,");
        assertThatThrownBy(() -> StackControl.inspect(dir)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("line 1").hasMessageContaining("cut short");
    }

    private void writeState(RecordedProcess[] processes) {
        Json.writeAtomically(ResultsDir.of(dir).shopStack(), new ShopStackState(stranger.pid(), "http://127.0.0.1:1/",
                "h2", 0, List.of(), List.of(), 0, null, null, processes == null ? null : List.of(processes)));
    }
}
