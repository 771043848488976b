package io.tunescope.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a short helper command (initdb, pg_ctl, chown), captures its output, and bounds its time. */
public final class CommandRunner {
    private CommandRunner() {
    }

    /** Exit code and combined output of a finished command. */
    public record Outcome(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }

        /** The last lines of the output, for one-line error messages. */
        public String tail() {
            String[] lines = output.strip().split("\n");
            return String.join(" | ", List.of(lines).subList(Math.max(0, lines.length - 3), lines.length));
        }
    }

    public static Outcome run(List<String> command, Duration timeout) throws IOException, InterruptedException {
        Path log = Files.createTempFile("tunescope-cmd", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                return new Outcome(124, Files.readString(log, StandardCharsets.UTF_8) + "\n(timed out after " + timeout + ")");
            }
            return new Outcome(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** {@code prefix + command}, for runuser/taskset wrappers. */
    public static List<String> concat(List<String> prefix, List<String> command) {
        List<String> all = new ArrayList<>(prefix);
        all.addAll(command);
        return all;
    }
}
