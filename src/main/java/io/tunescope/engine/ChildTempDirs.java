package io.tunescope.engine;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A private {@code java.io.tmpdir} for each child JVM, removed when the child exits. DuckDB's JDBC driver unpacks its
 * 57 MB native library into the temporary directory of every JVM that loads it and removes it only on a normal exit,
 * so each killed tenant agent used to leave one copy in {@code /tmp} (1,270 of them, 37 GB, filled the disk twice).
 * A directory left by a child whose parent was itself killed is named after that parent's pid and is swept when the
 * next directory is created, once that pid is gone.
 */
public final class ChildTempDirs {
    static final String PREFIX = "tunescope-child-";
    private static final Pattern NAME = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-.*");

    private ChildTempDirs() {
    }

    /** A fresh directory for one child, under {@code root}, after sweeping those of parents that are gone. */
    public static Path create(Path root) throws IOException {
        sweep(root);
        return Files.createTempDirectory(root, PREFIX + ProcessHandle.current().pid() + "-");
    }

    /** {@link #create(Path)} under this JVM's own temporary directory. */
    public static Path create() throws IOException {
        return create(Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** The JVM option that makes a child use {@code dir} as its temporary directory. */
    public static String jvmOption(Path dir) {
        return "-Djava.io.tmpdir=" + dir;
    }

    /** Removes {@code dir} once {@code child} has exited (at once when it is gone already). */
    public static void removeAfter(Process child, Path dir) {
        child.onExit().thenRun(() -> remove(dir));
    }

    /** Removes the directories under {@code root} whose parent JVM no longer runs; returns how many. */
    static int sweep(Path root) throws IOException {
        int removed = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root, PREFIX + "*")) {
            for (Path dir : dirs) {
                Matcher m = NAME.matcher(dir.getFileName().toString());
                if (m.matches() && Files.isDirectory(dir) && !Processes.isRunning(Long.parseLong(m.group(1)))) {
                    remove(dir);
                    removed++;
                }
            }
        }
        return removed;
    }

    /** Deletes {@code dir} and what it holds; what cannot be deleted now is left for a later {@link #sweep}. */
    public static void remove(Path dir) {
        try {
            ServerHomes.deleteRecursively(dir);
        } catch (IOException | java.io.UncheckedIOException e) {
            // left for the next sweep: a later create() removes it once this JVM is gone
        }
    }
}
