package io.tunescope.engine;

import io.tunescope.store.ProcStat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A process group is found by its id, not by a parent chain, and stopping it ends every member (also one that left
 * the parent chain and ignores SIGTERM) and nothing else.
 */
@Timeout(60)
class ProcessGroupTest {
    @Test
    void readsStateGroupSessionAndStartTimeAfterACommandNameWithSpacesAndParentheses() {
        // a recorded line of /proc/PID/stat whose command name is "a b) c"
        String line = "4242 (a b) c) S 1 4242 4242 0 -1 4194560 150 0 0 0 1 2 0 0 20 0 1 0 987654 9781248 230 "
                + "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";
        ProcStat s = ProcStat.parse(line);
        assertThat(s).isEqualTo(new ProcStat('S', 4242, 4242, 987654));
        assertThat(ProcStat.parse(line.replace(") S ", ") Z ")).state()).isEqualTo('Z');
    }

    @Test
    void stopEndsAMemberThatLeftTheParentChainAndIgnoresSigtermAndNothingOutsideTheGroup() throws Exception {
        // the group's first process ignores SIGTERM and leaves a child re-parented to init, in its group
        Process leader = new ProcessBuilder("setsid", "/bin/sh", "-c", "trap '' TERM; (sleep 600 &); exec sleep 600")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Process outsider = new ProcessBuilder("sleep", "600").start();
        ProcessGroup group = ProcessGroup.startedBy(leader.pid(), ProcessHandle.current().pid());
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (group.members().size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            List<Long> members = group.members();
            assertThat(members).as("the leader and the child it left").hasSize(2).contains(leader.pid())
                    .doesNotContain(outsider.pid());
            long child = members.stream().filter(p -> p != leader.pid()).findFirst().orElseThrow();
            assertThat(ProcessHandle.of(child).flatMap(ProcessHandle::parent).map(ProcessHandle::pid))
                    .as("re-parented: not a descendant of the leader")
                    .isNotEqualTo(java.util.Optional.of(leader.pid()));

            assertThat(group.stop(Duration.ofMillis(300), Duration.ofSeconds(10))).as("nothing of the group left")
                    .isTrue();
            assertThat(group.members()).isEmpty();
            assertThat(Processes.isRunning(child)).isFalse();
            assertThat(outsider.isAlive()).as("a process outside the group").isTrue();
        } finally {
            group.members().forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            leader.destroyForcibly();
            outsider.destroyForcibly();
        }
    }

    @Test
    void anInterruptDoesNotCutTheStopShortAndIsKept() throws Exception {
        Process leader = new ProcessBuilder("setsid", "/bin/sh", "-c", "trap '' TERM; exec sleep 600")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        ProcessGroup group = ProcessGroup.startedBy(leader.pid(), ProcessHandle.current().pid());
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (group.members().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(group.members()).hasSize(1);
            Thread.currentThread().interrupt();
            boolean stopped = group.stop(Duration.ofMillis(300), Duration.ofSeconds(10));
            assertThat(Thread.interrupted()).as("the interrupt flag, kept").isTrue();
            assertThat(stopped).isTrue();
            assertThat(group.members()).isEmpty();
        } finally {
            leader.destroyForcibly();
        }
    }
}
