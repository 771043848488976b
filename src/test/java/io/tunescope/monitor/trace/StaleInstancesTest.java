package io.tunescope.monitor.trace;

import io.tunescope.Externals;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Instances left by a controller killed with kill -9 are removed at the next start; others are left alone. */
class StaleInstancesTest {
    private static final Path PROC = Path.of("/proc");

    @Test
    void onlyInstancesOfGoneOwnersInOurPidNamespaceAreRemoved(@TempDir Path dir) throws IOException {
        Path proc = Files.createDirectories(dir.resolve("proc"));
        Files.createDirectories(proc.resolve("self/ns"));
        Files.createSymbolicLink(proc.resolve("self/ns/pid"), Path.of("pid:[111]"));
        Files.createDirectories(proc.resolve("42"));
        // field 22 (start time) is 500; the command name has a space and a parenthesis
        Files.writeString(proc.resolve("42/stat"), "42 (java (x)) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 500 "
                + "19 20\n");
        Path instances = Files.createDirectories(dir.resolve("instances"));
        List<String> kept = List.of("tunescope-42-ns111-st500-1", "tunescope-43-ns222-st500-4", "tunescope-42-98",
                "other-tool", "tunescope-x");
        List<String> stale = List.of("tunescope-42-ns111-st499-2", "tunescope-43-ns111-st500-3", "tunescope-43-99");
        for (String name : kept) {
            Files.createDirectory(instances.resolve(name));
        }
        for (String name : stale) {
            Files.createDirectory(instances.resolve(name));
        }
        assertThat(StaleInstances.nameFor(42, proc)).isEqualTo("tunescope-42-ns111-st500");
        assertThat(StaleInstances.remove(instances, proc)).containsExactlyInAnyOrderElementsOf(stale);
        try (var left = Files.list(instances)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrderElementsOf(kept);
        }
        assertThat(StaleInstances.remove(dir.resolve("none"), proc)).isEmpty();
    }

    @Test
    void theInstanceOfAControllerKilledWithKill9IsRemovedAtTheNextStart() throws Exception {
        Externals.require(TracefsTracer.prepare(TracefsTracer.DEFAULT_ROOT, line -> { }) == null, "root and tracefs");
        Path instances = TracefsTracer.DEFAULT_ROOT.resolve("instances");
        Process owner = new ProcessBuilder("sleep", "30").start();
        Path orphan = instances.resolve(StaleInstances.nameFor(owner.pid(), PROC) + "-1");
        Path ours = instances.resolve(StaleInstances.nameFor(ProcessHandle.current().pid(), PROC) + "-2");
        TracefsTracer tracer = null;
        try {
            Files.createDirectory(orphan);
            TracefsTracer.write(orphan.resolve("events/sched/sched_switch/enable"), "1");
            TracefsTracer.write(orphan.resolve("tracing_on"), "1");
            Files.createDirectory(ours);
            owner.destroyForcibly();
            assertThat(owner.waitFor(10, TimeUnit.SECONDS)).isTrue();
            tracer = TracefsTracer.start(TracefsTracer.DEFAULT_ROOT, List.of((int) ProcessHandle.current().pid()),
                    PROC);
            assertThat(tracer.staleRemoved()).contains(orphan.getFileName().toString())
                    .doesNotContain(ours.getFileName().toString());
            assertThat(orphan).doesNotExist();
            assertThat(ours).as("its owner (this JVM) is alive").isDirectory();
        } finally {
            owner.destroyForcibly();
            if (tracer != null) {
                tracer.close();
            }
            Files.deleteIfExists(orphan);
            Files.deleteIfExists(ours);
        }
    }
}
