package io.tunescope.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Process liveness as the kernel sees it, and how child JVMs are started and stopped. */
public final class Processes {
    private Processes() {
    }

    /**
     * True while {@code pid} exists and is not a zombie. {@link ProcessHandle#isAlive()} counts zombies as alive, and a
     * daemonized postmaster stays a zombie until an init process that may be slow to reap gets to it.
     */
    public static boolean isRunning(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            int afterName = stat.lastIndexOf(')');
            return afterName < 0 || afterName + 2 >= stat.length() || stat.charAt(afterName + 2) != 'Z';
        } catch (IOException e) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && !Files.isDirectory(Path.of("/proc"));
        }
    }

    /** The java binary running this JVM, so a child JVM (tenant agent, shop tier) runs on the same one. */
    public static String javaExecutable() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /**
     * Gives a child whose stdin was just closed (its signal to stop) {@code grace} to exit, then kills it. The
     * interrupt flag is kept: an interrupted wait kills the child at once.
     */
    public static void awaitExitOrKill(Process process, Duration grace) {
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
