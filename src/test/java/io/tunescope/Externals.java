package io.tunescope;

import io.tunescope.engine.mariadb.MariaDbBinaries;
import io.tunescope.engine.postgres.PostgresBinaries;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one gate for tests that need something outside the JVM (PostgreSQL binaries, Chromium, taskset, Linux /proc,
 * cores). On a developer machine a missing external skips the test; with {@code TUNESCOPE_REQUIRE_EXTERNALS=1} (set
 * by {@code .ci/run}) it fails it, so CI cannot go green with tests skipped.
 */
public final class Externals {
    /** The environment variable under which a missing external fails the test instead of skipping it. */
    public static final String REQUIRE_VARIABLE = "TUNESCOPE_REQUIRE_EXTERNALS";
    /** Debian's locations, searched after the PATH: CI may run with a PATH that lacks the sbin directories. */
    private static final List<String> DEBIAN_DIRS = List.of("/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin");

    private Externals() {
    }

    /** True when a missing external must fail the test (CI). */
    public static boolean required() {
        return "1".equals(System.getenv(REQUIRE_VARIABLE));
    }

    /** Passes when {@code present}; otherwise skips the test, or fails it when externals are required. */
    public static void require(boolean present, String what) {
        if (present) {
            return;
        }
        String message = "missing external: " + what;
        if (required()) {
            Assertions.fail(message + " (" + REQUIRE_VARIABLE + "=1 turns this skip into a failure)");
        }
        Assumptions.abort(message);
    }

    /** An executable named {@code name} on the PATH, then in Debian's bin and sbin directories. */
    public static Optional<Path> findTool(String name) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    dirs.add(dir);
                }
            }
        }
        dirs.addAll(DEBIAN_DIRS);
        return dirs.stream().map(dir -> Path.of(dir, name)).filter(Files::isExecutable).findFirst();
    }

    /** The tool's path, or a skip (a failure under CI) naming the Debian package that provides it. */
    public static Path tool(String name, String debianPackage) {
        Optional<Path> found = findTool(name);
        require(found.isPresent(), name + " not on the PATH nor in " + DEBIAN_DIRS + " (apt-get install "
                + debianPackage + ")");
        return found.orElseThrow();
    }

    /** PostgreSQL's server binaries, found as the product finds them. */
    public static PostgresBinaries postgres() {
        Optional<PostgresBinaries> found = PostgresBinaries.find();
        require(found.isPresent(), "PostgreSQL binaries (initdb, pg_ctl) not in /usr/lib/postgresql/*/bin nor on the "
                + "PATH (apt-get install postgresql)");
        return found.orElseThrow();
    }

    /** MariaDB's server binaries (mariadbd, mariadb-install-db), found as the product finds them. */
    public static MariaDbBinaries mariadb() {
        Optional<MariaDbBinaries> found = MariaDbBinaries.find();
        require(found.isPresent(), "MariaDB binaries (mariadbd, mariadb-install-db) not on the PATH nor in /usr/sbin "
                + "or /usr/bin (apt-get install mariadb-server)");
        return found.orElseThrow();
    }

    /** nginx, the web shop's caching proxy (Debian's nginx-light, installed by .ci/run). */
    public static Path nginx() {
        return tool("nginx", "nginx-light");
    }

    /** Squid, the web shop's other caching proxy (Debian's squid, installed by .ci/run). */
    public static Path squid() {
        return tool("squid", "squid");
    }

    /** Linux /proc with per-thread directories, which the monitor reads. */
    public static void linuxProc() {
        require(Files.isDirectory(Path.of("/proc/self/task")), "Linux /proc (/proc/self/task)");
    }

    /**
     * Mounts a tmpfs of {@code kib} KiB on {@code dir} (a full disk in miniature; needs root, as in CI), or skips (a
     * failure under CI). The caller unmounts it with {@link #unmount(Path)} in a finally block.
     */
    public static void tmpfs(Path dir, long kib) throws java.io.IOException, InterruptedException {
        Files.createDirectories(dir);
        Path mount = tool("mount", "mount");
        Process p = new ProcessBuilder(mount.toString(), "-t", "tmpfs", "-o", "size=" + kib + "k,mode=0755",
                "tunescope-test", dir.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        require(p.waitFor() == 0, "mounting a tmpfs on " + dir + " (root with CAP_SYS_ADMIN, as CI runs): " + output);
    }

    /** Unmounts what {@link #tmpfs} mounted; lazily if something still holds it, so no mount outlives the test. */
    public static void unmount(Path dir) throws java.io.IOException, InterruptedException {
        Path umount = tool("umount", "mount");
        if (new ProcessBuilder(umount.toString(), dir.toString()).redirectErrorStream(true).start().waitFor() != 0) {
            new ProcessBuilder(umount.toString(), "-l", dir.toString()).redirectErrorStream(true).start().waitFor();
        }
    }
}
