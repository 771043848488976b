package io.tunescope.monitor.role;

import java.util.Objects;

/**
 * What the monitor knows about a thread when it first sees it.
 *
 * @param name           the kernel thread name ({@code comm}, at most 15 characters)
 * @param processCommand the process command line ({@code /proc/<pid>/cmdline}, NULs as spaces; empty if unreadable)
 */
public record ThreadIdentity(int pid, int tid, String name, String processCommand) {
    public ThreadIdentity {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(processCommand, "processCommand");
        if (pid <= 0 || tid <= 0) {
            throw new IllegalArgumentException("pid (" + pid + ") and tid (" + tid + ") must be positive");
        }
    }

    /** The main thread of a process has tid == pid. */
    public boolean mainThread() {
        return pid == tid;
    }
}
