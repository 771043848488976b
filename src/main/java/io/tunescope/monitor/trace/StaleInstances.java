package io.tunescope.monitor.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The tracefs instances tunescope leaves behind when its controller dies without closing them (kill -9): they keep
 * their ring buffers (16 MiB per CPU) until removed. An instance is named {@code tunescope-<pid>-ns<inode>-st<ticks>-<n>}
 * after its owner: its pid, its pid namespace ({@code /proc/self/ns/pid}) and its start time
 * ({@code /proc/<pid>/stat} field 22, clock ticks after boot). It is stale when its owner is gone: in the same pid
 * namespace, no process has that pid, or the one that has it started at another time (the pid was reused). An
 * instance of another pid namespace is never touched: its owner cannot be seen from here. Names of the first
 * version ({@code tunescope-<pid>-<n>}) are stale when no process has that pid.
 */
public final class StaleInstances {
    private static final String PREFIX = "tunescope-";

    private StaleInstances() {
    }

    /** The name's owner part for process {@code pid}: {@code tunescope-<pid>-ns<inode>-st<ticks>}. */
    static String nameFor(long pid, Path procRoot) {
        return PREFIX + pid + "-ns" + pidNamespace(procRoot) + "-st" + startTicks(procRoot, pid);
    }

    /**
     * Removes the stale tunescope instances under {@code instances} (tracing turned off first); returns their
     * names. One that cannot be removed (still busy) is left and not named.
     */
    public static List<String> remove(Path instances, Path procRoot) {
        List<String> removed = new ArrayList<>();
        if (!Files.isDirectory(instances)) {
            return removed;
        }
        String namespace = pidNamespace(procRoot);
        try (DirectoryStream<Path> all = Files.newDirectoryStream(instances, PREFIX + "*")) {
            for (Path instance : all) {
                String name = instance.getFileName().toString();
                if (stale(name, namespace, procRoot) && removeOne(instance)) {
                    removed.add(name);
                }
            }
        } catch (IOException e) {
            // an unreadable instances directory: creating our own instance will say why
        }
        return removed;
    }

    /** Whether the instance named {@code name} belongs to a process of {@code namespace} that is gone. */
    static boolean stale(String name, String namespace, Path procRoot) {
        String[] parts = name.substring(PREFIX.length()).split("-");
        long pid = number(parts[0]);
        if (pid <= 0) {
            return false; // not a name of ours
        }
        if (parts.length == 2 && number(parts[1]) >= 0) {
            return !Files.isDirectory(procRoot.resolve(Long.toString(pid)));
        }
        if (parts.length != 4 || !parts[1].startsWith("ns") || !parts[2].startsWith("st")
                || !parts[1].substring(2).equals(namespace) || namespace.isEmpty()) {
            return false;
        }
        long start = number(parts[2].substring(2));
        return start >= 0 && start != startTicks(procRoot, pid);
    }

    private static boolean removeOne(Path instance) {
        try {
            Path on = instance.resolve("tracing_on");
            if (Files.exists(on)) {
                TracefsTracer.write(on, "0");
            }
            Files.deleteIfExists(instance);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The inode of this process's pid namespace, or "" when unreadable. */
    static String pidNamespace(Path procRoot) {
        try {
            String link = Files.readSymbolicLink(procRoot.resolve("self/ns/pid")).toString();
            String digits = link.replaceAll("[^0-9]", "");
            return digits.isEmpty() ? "" : digits;
        } catch (IOException | UnsupportedOperationException e) {
            return "";
        }
    }

    /** Field 22 of {@code /proc/<pid>/stat}, or -1 when the process does not exist. */
    static long startTicks(Path procRoot, long pid) {
        try {
            String stat = Files.readString(procRoot.resolve(pid + "/stat"), StandardCharsets.US_ASCII);
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return after.length > 19 ? number(after[19]) : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static long number(String s) {
        if (s.isEmpty() || s.length() > 18 || !s.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        return Long.parseLong(s);
    }
}
