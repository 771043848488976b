package io.tunescope;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The scanner the secret-leak tests rely on finds a planted secret, so their "nothing found" can fail. */
class SecretScanTest {
    @Test
    void findsAPlantedSecretInANestedFileAndNothingElse(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("a/b"));
        Files.writeString(dir.resolve("a/b/log.txt"), "connecting with s3cr3t-XyZ as tunescope\n");
        Files.writeString(dir.resolve("a/clean.txt"), "s3cr3t-Xy and the word password\n");
        assertThat(SecretScan.filesContaining(dir, "s3cr3t-XyZ")).containsExactly(dir.resolve("a/b/log.txt"));
        assertThat(SecretScan.filesContaining(dir.resolve("missing"), "s3cr3t-XyZ")).isEmpty();
    }

    @Test
    void findsAPlantedSecretOnACommandLine() throws Exception {
        String secret = "tunescope-secret-" + ProcessHandle.current().pid();
        // "read" is a shell builtin: the shell never forks a child that would carry the same command line
        Process p = new ProcessBuilder(Externals.tool("sh", "dash").toString(), "-c", "read line", secret).start();
        try {
            assertThat(SecretScan.commandLinesContaining(secret)).singleElement().asString().contains("read line");
        } finally {
            p.destroyForcibly().waitFor();
        }
        // the killed process may still be listed for a moment after waitFor (seen once in CI): wait up to 5 s
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!SecretScan.commandLinesContaining(secret).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(SecretScan.commandLinesContaining(secret)).isEmpty();
    }
}
