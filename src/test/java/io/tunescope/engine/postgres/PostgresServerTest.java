package io.tunescope.engine.postgres;

import io.tunescope.Externals;
import io.tunescope.SecretScan;
import io.tunescope.BadInputException;
import io.tunescope.engine.Processes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PostgresServerTest {
    static PostgresBinaries binariesOrSkip() {
        return Externals.postgres();
    }

    @Test
    void startsPrivateInstanceOnLoopbackAndLeavesNoProcessBehind(@TempDir Path dir) throws Exception {
        PostgresBinaries binaries = binariesOrSkip();
        List<Long> pids;
        try (PostgresServer server = PostgresServer.start(binaries, dir.resolve("t1"), null, List.of())) {
            pids = server.processIds();
            assertThat(pids).contains(server.pid());
            try (Connection c = DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password());
                 Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT inet_server_addr()::text, current_setting('fsync')")) {
                rs.next();
                assertThat(rs.getString(1)).startsWith("127.0.0.1");
                assertThat(rs.getString(2)).isEqualTo("off");
            }
            assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl(), server.user(), "wrong"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("password authentication failed");
            // the password file initdb read is gone, and no file of the cluster holds the secret in clear
            assertThat(server.dataDir().resolveSibling("pwfile")).doesNotExist();
            assertThat(SecretScan.filesContaining(server.dataDir().getParent(), server.password())).isEmpty();
        }
        for (long pid : pids) {
            assertThat(Processes.isRunning(pid)).as("pid %d", pid).isFalse();
        }
    }

    @Test
    void missingBinariesAreBadInputNamingTheDirectory(@TempDir Path dir) {
        assertThatThrownBy(() -> PostgresBinaries.locate(dir))
                .isInstanceOf(BadInputException.class)
                .hasMessage("pg-bin (" + dir + ") must be a directory holding initdb and pg_ctl");
    }

    @Test
    void aRelativeDirectoryWorks() throws Exception {
        PostgresBinaries binaries = binariesOrSkip();
        // relative to this JVM's working directory, as `tune --out D` passes it, and in the build directory (a JUnit
        // temporary directory is private, which moves the server's home to a temporary directory of its own)
        Path relative = Path.of("target", "pg-relative-" + ProcessHandle.current().pid());
        try (PostgresServer server = PostgresServer.start(binaries, relative, null, List.of());
             Connection c = DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password())) {
            assertThat(c.isValid(5)).isTrue();
        } finally {
            deleteTree(relative);
        }
    }

    @Test
    void aHomeDeeperThanASocketPathAllowsStarts() throws Exception {
        PostgresBinaries binaries = binariesOrSkip();
        // a plan's cell directory: the data directory's path alone is longer than a Unix-domain socket's 107 bytes
        // (every two-tenant cell of examples/hana-study-sf1-postgres.yaml failed so once, 2026-12-01)
        Path deep = Path.of("target", "pg-deep-" + ProcessHandle.current().pid()).toAbsolutePath()
                .resolve("cells/users-16_tenants-2_workerLimit-off_cpus-one-each_r1/tenants/t1");
        assertThat(deep.resolve("pgdata/.s.PGSQL.65535").toString().length()).isGreaterThan(107);
        try (PostgresServer server = PostgresServer.start(binaries, deep, null, List.of());
             Connection c = DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password())) {
            assertThat(c.isValid(5)).isTrue();
        } finally {
            deleteTree(deep.getParent().getParent().getParent().getParent());
        }
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        if (Files.exists(dir)) {
            try (var paths = Files.walk(dir)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
