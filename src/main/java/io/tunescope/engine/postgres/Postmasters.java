package io.tunescope.engine.postgres;

import io.tunescope.store.RecordedProcess;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/** Kills a private PostgreSQL's postmaster and its backends outright, known by its pid or by its data directory. */
final class Postmasters {
    private Postmasters() {
    }

    /**
     * The postmaster {@code pid} (0: unknown) or, without one, the one {@code postmaster.pid} names, which may be left
     * from a server long gone: its pid may name anything now, so it counts only when its command line names the
     * directory.
     */
    static void kill(long pid, Path dataDir) {
        (pid != 0 ? ProcessHandle.of(pid) : recorded(dataDir)).ifPresent(Postmasters::killTree);
    }

    /**
     * A postmaster that someone else started on {@code dataDir} while the server {@code pid} was being stopped (a
     * {@code pg_ctl restart} racing the stop): the directory is the server's, and it is about to be deleted or moved.
     */
    static void killNewcomer(long pid, Path dataDir) {
        recorded(dataDir).filter(p -> p.pid() != pid).ifPresent(Postmasters::killTree);
    }

    private static Optional<ProcessHandle> recorded(Path dataDir) {
        try {
            return PostgresFiles.postmasterPid(dataDir)
                    .flatMap(p -> RecordedProcess.runningWhoseCommandLineContains(p, dataDir.toString()));
        } catch (IOException e) {
            return Optional.empty(); // no readable postmaster.pid: no server recorded on this directory
        }
    }

    private static void killTree(ProcessHandle postmaster) {
        postmaster.descendants().forEach(ProcessHandle::destroyForcibly);
        postmaster.destroyForcibly();
    }
}
