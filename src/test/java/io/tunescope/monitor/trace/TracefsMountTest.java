package io.tunescope.monitor.trace;

import io.tunescope.Externals;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class TracefsMountTest {
    @Test
    void aDirectoryThatAlreadyHasSchedulerEventsIsLeftAlone(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("events/sched"));
        assertThat(TracefsMount.mount(dir)).isNull();
        assertThat(mounted(dir)).isFalse();
    }

    @Test
    void aDirectoryWithOtherContentIsNeverMountedOver(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("keep.txt"), "mine");
        assertThat(TracefsMount.mount(dir)).isNull();
        assertThat(mounted(dir)).isFalse();
        assertThat(Files.readString(dir.resolve("keep.txt"))).isEqualTo("mine");
    }

    @Test
    void onlyTheKernelsOwnPlaceIsEverMounted(@TempDir Path dir) throws Exception {
        assertThat(TracefsMount.mountIfMissing(dir)).isNull();
        assertThat(mounted(dir)).as("an empty directory other than /sys/kernel/tracing").isFalse();
    }

    @Test
    void asRootAnEmptyDirectoryGetsTracefsAndExactModeCanRunThere(@TempDir Path dir) throws Exception {
        Externals.require("root".equals(System.getProperty("user.name")), "root (to mount tracefs)");
        Path root = dir.resolve("tracing");
        List<String> said = new ArrayList<>();
        try {
            said.add(TracefsMount.mount(root));
            assertThat(said).containsExactly("mounted tracefs at " + root + " (it was not mounted)");
            assertThat(mounted(root)).isTrue();
            assertThat(TracefsTracer.unavailable(root)).as("exact mode can run there").isNull();
            assertThat(TracefsMount.mount(root)).as("a second start finds it mounted").isNull();
        } finally {
            if (mounted(root)) {
                assertThat(new ProcessBuilder("umount", root.toString()).inheritIO().start()
                        .waitFor(10, TimeUnit.SECONDS)).isTrue();
            }
        }
    }

    private static boolean mounted(Path dir) throws Exception {
        String target = dir.toRealPath().toString();
        return Files.readAllLines(Path.of("/proc/self/mounts")).stream()
                .map(line -> line.split(" "))
                .anyMatch(f -> f.length > 2 && f[1].equals(target) && f[2].equals("tracefs"));
    }
}
