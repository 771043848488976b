package io.tunescope.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --driver-jar}: a driver that is on no class path (built here, for a URL scheme nobody else accepts) drives
 * a scale run from its jar and a run of a workload file in a tenant agent (a child JVM, where the driver registers
 * itself on loading as JDBC drivers do); a missing jar, or one without a driver for the URL, is bad input before
 * any work.
 */
class DriverJarTest {
    private static final String DRIVER = """
            package ts.jar;
            public final class Wrap implements java.sql.Driver {
                private static final String PREFIX = "jdbc:tsjar:";
                static {
                    try {
                        java.sql.DriverManager.registerDriver(new Wrap());
                    } catch (java.sql.SQLException e) {
                        throw new ExceptionInInitializerError(e);
                    }
                }
                private final java.sql.Driver h2 = new org.h2.Driver();
                public java.sql.Connection connect(String url, java.util.Properties info) throws java.sql.SQLException {
                    return acceptsURL(url) ? h2.connect("jdbc:h2:mem:" + url.substring(PREFIX.length()), info) : null;
                }
                public boolean acceptsURL(String url) { return url.startsWith(PREFIX); }
                public java.sql.DriverPropertyInfo[] getPropertyInfo(String u, java.util.Properties i) {
                    return new java.sql.DriverPropertyInfo[0];
                }
                public int getMajorVersion() { return 1; }
                public int getMinorVersion() { return 0; }
                public boolean jdbcCompliant() { return false; }
                public java.util.logging.Logger getParentLogger() { return java.util.logging.Logger.getGlobal(); }
            }
            """;

    private static Path driverJar(Path dir) throws Exception {
        Path src = Files.createDirectories(dir.resolve("src/ts/jar")).resolve("Wrap.java");
        Files.writeString(src, DRIVER);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, "-cp", System.getProperty("java.class.path"), "-d",
                classes.toString(), src.toString())).isZero();
        Path jar = dir.resolve("tsjar-driver.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry("ts/jar/Wrap.class"));
            j.write(Files.readAllBytes(classes.resolve("ts/jar/Wrap.class")));
            j.putNextEntry(new JarEntry("META-INF/services/java.sql.Driver"));
            j.write("ts.jar.Wrap\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return jar;
    }

    private static String[] scale(Path out, String url, Path jar) {
        return new String[] {"scale", "--engine", "jdbc", "--url", url, "--driver-jar", jar.toString(),
                "--statement", "VALUES (1)", "--threads", "1", "--modes", "shared", "--forks", "0", "--seconds", "0.2",
                "--warmup-seconds", "0.05", "--iterations", "1", "--bootstrap", "20", "--out", out.toString()};
    }

    @Test
    void aDriverFromTheGivenJarDrivesTheRunAndAWrongJarIsBadInput(@TempDir Path dir) throws Exception {
        Path jar = driverJar(dir);
        assertThat(Main.execute(scale(dir.resolve("missing"), "jdbc:tsjar:a", dir.resolve("none.jar"))))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute(scale(dir.resolve("other"), "jdbc:otherdb:a", jar))).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(dir.resolve("missing")).doesNotExist();
        assertThat(dir.resolve("other")).doesNotExist();
        Path out = dir.resolve("run");
        assertThat(Main.execute(scale(out, "jdbc:tsjar:driverjar", jar))).isZero();
        assertThat(out.resolve("summary.json")).exists();
    }

    @Test
    void aRunOfAWorkloadFileGoesThroughTheDriverFromTheJar(@TempDir Path dir) throws Exception {
        Path jar = driverJar(dir);
        Path workload = dir.resolve("counter.yaml");
        Files.writeString(workload, """
                name: counter
                setup:
                  - CREATE TABLE counter (id INT PRIMARY KEY, n BIGINT NOT NULL)
                  - INSERT INTO counter VALUES (1, 0)
                transactions:
                  bump:
                    sql: UPDATE counter SET n = n + 1 WHERE id = 1
                """);
        Path out = dir.resolve("run");
        int code = Main.execute("run", "--engine", "jdbc", "--url", "jdbc:tsjar:runjar;DB_CLOSE_DELAY=-1",
                "--driver-jar", jar.toString(), "--workload", "file:" + workload, "--users", "1", "--iterations", "20",
                "--out", out.toString());
        com.fasterxml.jackson.databind.JsonNode summary = io.tunescope.store.Json.MAPPER.readTree(
                out.resolve("summary.json").toFile());
        assertThat(code).as(summary.toString()).isZero();
        assertThat(summary.get("tenants").get(0).get("executions").asLong()).isEqualTo(20);
    }
}
