package io.tunescope.engine;

import io.tunescope.store.ProcStat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A process group this JVM started: a server run under {@code setsid}, whose first process's pid is the id of its
 * session and of its group, with every process it forked (nginx's workers, cache manager and loader). The group, not
 * a parent chain, says what is ours: a master killed alone leaves its workers in the group, re-parented to init, and
 * a master killed just after its workers may have forked new ones in between (nginx replaces a worker that died).
 *
 * <p>Its members are the processes whose group and session are {@code id}, that run (a zombie has exited) and that
 * started no earlier than the process that started the group. The kernel does not give a pid to a new process while a
 * group of that id has members (a pid is freed only when no process uses it as its pid, group or session), so a
 * signal to the group while it has members reaches only processes we started.
 */
public final class ProcessGroup {
    private static final long POLL_MILLIS = 20;
    private final long id;
    private final long notBeforeTicks;

    /**
     * @param id             the group's id: the pid of its first process
     * @param notBeforeTicks when the process that started the group started, in clock ticks after boot (field 22 of
     *                       {@code /proc/PID/stat}); no member started earlier
     */
    public ProcessGroup(long id, long notBeforeTicks) {
        if (id <= 1) {
            throw new IllegalArgumentException("process group id (" + id + ") must be above 1");
        }
        this.id = id;
        this.notBeforeTicks = notBeforeTicks;
    }

    /** The group {@code id}, started by the running process {@code starterPid} (the shell that ran setsid). */
    public static ProcessGroup startedBy(long id, long starterPid) throws IOException {
        return new ProcessGroup(id, ProcStat.parse(Files.readString(Path.of("/proc", Long.toString(starterPid), "stat"),
                StandardCharsets.ISO_8859_1)).startTicks());
    }

    /** The group's id. */
    public long id() {
        return id;
    }

    /** The pids of its members now, in increasing order. */
    public List<Long> members() {
        List<Long> out = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    ProcStat s = ProcStat.parse(Files.readString(proc.resolve("stat"), StandardCharsets.ISO_8859_1));
                    if (s.group() == id && s.session() == id && !s.zombie() && s.startTicks() >= notBeforeTicks) {
                        out.add(Long.parseLong(proc.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException e) {
                    // it exited while we looked, or it is no process we could read: not a member
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc: " + e.getMessage(), e);
        }
        out.sort(null);
        return out;
    }

    /**
     * Stops every member: SIGTERM to the group, then, for those still running after {@code termGrace}, SIGKILL to
     * the group, and waits at most {@code killGrace} for them to go. Returns whether none is left. An interrupt does
     * not cut it short (a run stopped by a signal stops its servers with its thread interrupted); the flag is kept.
     */
    public boolean stop(Duration termGrace, Duration killGrace) {
        boolean interrupted = Thread.interrupted();
        try {
            if (members().isEmpty()) {
                return true;
            }
            signal("TERM");
            interrupted |= awaitEmpty(termGrace);
            if (members().isEmpty()) {
                return true;
            }
            signal("KILL");
            interrupted |= awaitEmpty(killGrace);
            return members().isEmpty();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Polls until no member is left or {@code timeout} has passed; returns whether it was interrupted meanwhile. */
    private boolean awaitEmpty(Duration timeout) {
        boolean interrupted = false;
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!members().isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        return interrupted;
    }

    /**
     * Sends {@code signal} to the whole group at once (a fork in progress cannot escape it), and only while it has
     * members; each member alone if {@code kill} cannot be run.
     */
    private void signal(String signal) {
        List<Long> members = members();
        if (members.isEmpty()) {
            return;
        }
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, "--", "-" + id).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (waitUninterruptibly(kill)) {
                return;
            }
        } catch (IOException e) {
            // no kill command: each member below
        }
        boolean force = "KILL".equals(signal);
        members.forEach(pid -> ProcessHandle.of(pid).ifPresent(p -> {
            if (force) {
                p.destroyForcibly();
            } else {
                p.destroy();
            }
        }));
    }

    /** Waits at most 5 s for {@code p}; true when it exited 0. The interrupt flag is kept. */
    private static boolean waitUninterruptibly(Process p) {
        boolean interrupted = false;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (true) {
                try {
                    if (p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                        return p.exitValue() == 0;
                    }
                    p.destroyForcibly();
                    return false;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
