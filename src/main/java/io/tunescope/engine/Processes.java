package io.tunescope.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Process liveness as the kernel sees it, and the JVM that child JVMs are started with. */
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
}
