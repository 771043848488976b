package io.tunescope.monitor.trace;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Mounts tracefs where exact mode looks for it, when it is missing and this process runs as root, as trace-cmd does:
 * a fresh machine boots with it unmounted, and asking the user to mount it by hand is a step they need not take.
 */
public final class TracefsMount {
    private static final long MOUNT_TIMEOUT_MILLIS = 10_000;

    private TracefsMount() {
    }

    /**
     * Mounts tracefs at {@code root} when it is {@link TracefsTracer#DEFAULT_ROOT}, holds no scheduler events, this
     * process runs as root and {@code root} is an empty directory (or absent under an existing parent); returns the one line that says it did, or null when
     * nothing was done. A mount that fails is left to {@link TracefsTracer#unavailable}, which then says why exact
     * mode cannot run.
     */
    public static String mountIfMissing(Path root) {
        // only where the kernel's tracefs belongs: a directory named for tests or a fallback is never mounted over
        return root.equals(TracefsTracer.DEFAULT_ROOT) ? mount(root) : null;
    }

    /** {@link #mountIfMissing} at any {@code root} (for the test that mounts one on a directory of its own). */
    static String mount(Path root) {
        if (Files.isDirectory(root.resolve("events/sched")) || !runsAsRoot() || !emptyOrAbsent(root)) {
            return null;
        }
        try {
            Files.createDirectories(root);
            Process mount = new ProcessBuilder(List.of("mount", "-t", "tracefs", "nodev", root.toString()))
                    .redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            if (!mount.waitFor(MOUNT_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
                mount.destroyForcibly();
                return null;
            }
            String output = new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (mount.exitValue() != 0 || !Files.isDirectory(root.resolve("events/sched"))) {
                return output.isEmpty() ? null : "mounting tracefs at " + root + " failed: " + output;
            }
            return "mounted tracefs at " + root + " (it was not mounted)";
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static boolean runsAsRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static boolean emptyOrAbsent(Path root) {
        if (!Files.exists(root)) {
            return root.getParent() != null && Files.isDirectory(root.getParent());
        }
        String[] entries = root.toFile().list();
        return entries != null && entries.length == 0;
    }
}
