package io.tunescope.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class ChildTempDirsTest {

    @Test
    void aChildsDirectoryIsRemovedWhenItExits(@TempDir Path root) throws Exception {
        Path dir = ChildTempDirs.create(root);
        assertThat(dir.getFileName().toString()).startsWith("tunescope-child-" + ProcessHandle.current().pid() + "-");
        Process child = new ProcessBuilder("sh", "-c", "echo x > \"$0\"/libduckdb_java1.so", dir.toString()).start();
        ChildTempDirs.removeAfter(child, dir);
        assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (Files.exists(dir) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(dir).doesNotExist();
    }

    @Test
    void directoriesOfParentsThatAreGoneAreSweptAndOursStay(@TempDir Path root) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor(10, TimeUnit.SECONDS);
        Path stale = Files.createDirectories(root.resolve("tunescope-child-" + gone.pid() + "-123"));
        Files.writeString(stale.resolve("libduckdb_java42.so"), "x");
        Path ours = Files.createDirectories(root.resolve("tunescope-child-" + ProcessHandle.current().pid() + "-9"));
        Path unrelated = Files.createDirectories(root.resolve("something-else"));

        assertThat(ChildTempDirs.sweep(root)).isEqualTo(1);
        assertThat(stale).doesNotExist();
        assertThat(ours).exists();
        assertThat(unrelated).exists();
    }
}
