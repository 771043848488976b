package io.tunescope.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A library's warning lands in the results directory's tunescope.log, its info does not, and stderr stays quiet.
 * In a fresh JVM, because the binding reads its settings once per JVM (the first results directory wins).
 */
class LibraryLogTest {

    /** The child JVM: opens a results directory as a command does, then logs as HikariCP would. */
    public static final class Child {
        public static void main(String[] args) {
            ResultsDir.createOutput(Path.of(args[0]));
            var log = LoggerFactory.getLogger("com.zaxxer.hikari.pool.HikariPool");
            log.info("pool started");
            log.warn("Connection leak detection triggered");
        }
    }

    @Test
    void aLibraryWarningGoesToTheResultsDirectoryAndInfoNowhere(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Child.class.getName(), out.toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output).doesNotContain("leak").doesNotContain("pool started");
        String log = Files.readString(out.resolve(LibraryLog.FILE_NAME));
        assertThat(log).contains("[WARN]").contains("com.zaxxer.hikari.pool.HikariPool")
                .contains("Connection leak detection triggered").doesNotContain("pool started");
    }
}
