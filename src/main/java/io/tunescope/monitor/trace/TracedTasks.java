package io.tunescope.monitor.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.SortedSet;
import java.util.TreeSet;

/** The thread ids that exact mode lists to the kernel: those of processes under {@code /proc}, and those tracefs lists. */
final class TracedTasks {
    private TracedTasks() {
    }

    /** Every pid of {@code pids} and the ids of its threads now ({@code procRoot/PID/task}). */
    static SortedSet<Integer> threadsOf(Collection<Integer> pids, Path procRoot) {
        SortedSet<Integer> out = new TreeSet<>();
        for (int pid : pids) {
            out.add(pid);
            String[] tasks = procRoot.resolve(Integer.toString(pid)).resolve("task").toFile().list();
            for (String t : tasks == null ? new String[0] : tasks) {
                if (!t.isEmpty() && t.length() < 10 && t.chars().allMatch(Character::isDigit)) {
                    out.add(Integer.parseInt(t));
                }
            }
        }
        return out;
    }

    /** The pids listed in a tracefs pid file ({@code set_event_pid}: one a line, forked ones added by the kernel). */
    static SortedSet<Integer> listed(Path file) throws IOException {
        SortedSet<Integer> out = new TreeSet<>();
        for (String word : EventFormat.readText(file).split("\\s+")) {
            if (!word.isEmpty()) {
                out.add(Integer.parseInt(word));
            }
        }
        return out;
    }
}
