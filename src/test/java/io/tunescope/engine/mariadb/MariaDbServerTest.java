package io.tunescope.engine.mariadb;

import io.tunescope.Externals;
import io.tunescope.ListeningSockets;
import io.tunescope.SecretScan;
import io.tunescope.engine.Processes;
import io.tunescope.engine.ServerHomes;
import io.tunescope.engine.knob.Catalogs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A private MariaDB, checked from the kernel and the disk rather than from our configuration: it listens on loopback
 * only, its secret is in no file and on no command line, its settings are the catalog's, a setting it refuses is a
 * start failure with the server's own reason, and close leaves no process behind.
 */
@Timeout(120)
class MariaDbServerTest {
    /** A home the unprivileged user can reach, so the instance lives where the test says also when run as root. */
    static Path reachableHome() throws Exception {
        return Files.createTempDirectory("tunescope-mdb-test", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x")));
    }

    @Test
    void listensOnLoopbackOnlyKeepsItsSecretOutOfFilesAndCommandLinesAndLeavesNoProcess() throws Exception {
        MariaDbBinaries binaries = Externals.mariadb();
        Externals.linuxProc();
        Path home = reachableHome();
        List<ProcessHandle> ours = new ArrayList<>();
        List<String> settings = Catalogs.mariadb().configLines(Map.of("sort_buffer_size", 4096,
                "innodb_log_file_size", 48));
        try (MariaDbServer server = MariaDbServer.start(binaries, home.resolve("srv"), null, settings)) {
            assertThat(server.dataDir()).startsWith(home);
            server.processIds().forEach(pid -> ProcessHandle.of(pid).ifPresent(ours::add));
            ours.add(server.supervisorProcess().orElseThrow());
            assertThat(ListeningSockets.of(server.pid())).as("mariadbd listens").isNotEmpty()
                    .allSatisfy(l -> assertThat(l.loopback()).as(l.toString()).isTrue());
            try (Connection c = server.connect(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT @@bind_address, @@sort_buffer_size, @@innodb_log_file_size, "
                         + "@@skip_name_resolve, DATABASE()")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("127.0.0.1");
                assertThat(rs.getLong(2)).isEqualTo(4096L * 1024);
                assertThat(rs.getLong(3)).isEqualTo(48L << 20);
                assertThat(rs.getInt(4)).isEqualTo(1);
                assertThat(rs.getString(5)).isEqualTo(MariaDbServer.DATABASE);
            }
            server.apply(Map.of("join_buffer_size", 1024));
            try (Connection c = server.connect(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT @@GLOBAL.join_buffer_size")) {
                rs.next();
                assertThat(rs.getLong(1)).as("SET GLOBAL applied").isEqualTo(1024L * 1024);
            }
            assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl(), server.user(), "wrong"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("Access denied");
            assertThat(SecretScan.commandLinesContaining(server.password())).isEmpty();
            assertThat(SecretScan.filesContaining(home, server.password())).isEmpty();
        } finally {
            ours.forEach(p -> assertThat(Processes.isRunning(p.pid())).as("pid %d after close", p.pid()).isFalse());
            ServerHomes.deleteRecursively(home);
        }
        assertThat(ours).hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    void aSettingTheServerRefusesFailsTheStartWithTheServersReason() throws Exception {
        MariaDbBinaries binaries = Externals.mariadb();
        Path home = reachableHome();
        try {
            assertThatThrownBy(() -> MariaDbServer.start(binaries, home.resolve("srv"), null,
                    List.of("innodb_flush_method = no_such_method")))
                    .hasMessageStartingWith("MariaDB did not start: ")
                    .hasMessageContaining("no_such_method");
            // this test's own directory: other builds on the machine may run their own MariaDB tests meanwhile
            assertThat(SecretScan.commandLinesContaining(home.toString())).as("nothing of ours runs").isEmpty();
        } finally {
            ServerHomes.deleteRecursively(home);
        }
    }
}
