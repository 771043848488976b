package io.tunescope.engine.postgres;

import io.tunescope.Externals;
import io.tunescope.ListeningSockets;
import io.tunescope.SecretScan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Security checks on a private PostgreSQL instance, read from the kernel and the disk rather than from our
 * configuration: it listens on loopback only, its secret is in no file and on no command line, and the one file
 * that ever holds the secret (initdb's password file) is mode 600 for as long as it exists.
 */
@Timeout(120)
class PostgresSecurityTest {
    @Test
    void listensOnLoopbackOnlyAndKeepsItsSecretOutOfFilesAndCommandLines() throws Exception {
        PostgresBinaries binaries = Externals.postgres();
        Externals.linuxProc();
        // a home the unprivileged user can reach, so that the cluster lives here also when the tests run as root
        Path home = Files.createTempDirectory("tunescope-sec", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x")));
        Path base = home.resolve("srv");
        Set<Set<PosixFilePermission>> pwfileModes = java.util.concurrent.ConcurrentHashMap.newKeySet();
        AtomicBoolean starting = new AtomicBoolean(true);
        Thread watcher = new Thread(() -> {
            while (starting.get()) {
                try {
                    pwfileModes.add(Files.getPosixFilePermissions(base.resolve("pwfile")));
                } catch (java.io.IOException e) {
                    Thread.onSpinWait();   // not there (yet, or any more)
                }
            }
        }, "pwfile-watcher");
        watcher.start();
        try (PostgresServer server = PostgresServer.start(binaries, base, null, List.of())) {
            starting.set(false);
            watcher.join();
            assertThat(server.dataDir()).startsWith(base);
            assertThat(pwfileModes).as("the password file was seen while initdb ran").isNotEmpty()
                    .allSatisfy(mode -> assertThat(PosixFilePermissions.toString(mode)).isEqualTo("rw-------"));
            assertThat(base.resolve("pwfile")).doesNotExist();
            for (long pid : server.processIds()) {
                assertThat(ListeningSockets.of(pid)).as("listeners of pid %d", pid)
                        .allSatisfy(l -> assertThat(l.loopback()).as(l.toString()).isTrue());
            }
            assertThat(ListeningSockets.of(server.pid())).as("the postmaster listens").isNotEmpty();
            assertThat(SecretScan.commandLinesContaining(server.password())).isEmpty();
            assertThat(SecretScan.filesContaining(home, server.password())).isEmpty();
        } finally {
            starting.set(false);
            watcher.join();
            try (var paths = Files.walk(home)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
