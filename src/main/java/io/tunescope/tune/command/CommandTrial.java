package io.tunescope.tune.command;

import io.tunescope.tune.space.Configuration;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;

/**
 * Runs the tuned command once for a configuration, like Active Harmony's {@code tuna}: the configuration goes in as
 * arguments and/or environment variables, the objective comes from the last match of the regular expression in its
 * standard output (or from its run time), and the run is killed (with its child processes) when it exceeds the
 * timeout. Standard error is kept in a file per trial for diagnosis. The command runs in its own process group
 * ({@link TrialGroup}), which dies with the tuner, even on {@code kill -9}, and at the end of the trial.
 */
public final class CommandTrial {
    /** A run's result: the objective, or why there is none. */
    public record Outcome(Double objective, String error, long elapsedMillis) {
        public boolean ok() {
            return objective != null;
        }
    }

    private CommandTrial() {
    }

    public static List<String> commandLine(TuningFile f, Configuration config) {
        List<String> cmd = new ArrayList<>(f.command());
        if (f.passArgs()) {
            for (Map.Entry<String, Object> e : config.values().entrySet()) {
                cmd.add(f.argFormat().replace("{name}", e.getKey()).replace("{value}", String.valueOf(e.getValue())));
            }
        }
        return cmd;
    }

    public static String envName(TuningFile f, String param) {
        return f.envPrefix() + param.toUpperCase(Locale.ROOT).replace('.', '_');
    }

    public static Outcome run(TuningFile f, Configuration config, Path stderrFile) throws InterruptedException {
        List<String> command = commandLine(f, config);
        ProcessBuilder pb = new ProcessBuilder(TrialGroup.wrap(command)).directory(f.workingDirectory().toFile());
        if (f.passEnv()) {
            config.values().forEach((k, v) -> pb.environment().put(envName(f, k), String.valueOf(v)));
        }
        Optional<String> cannot = TrialGroup.cannotStart(command.get(0), f.workingDirectory(),
                pb.environment().get("PATH"));
        if (cannot.isPresent()) {
            return new Outcome(null, "cannot start: " + cannot.get(), 0);
        }
        pb.redirectError(stderrFile.toFile());
        long start = System.nanoTime();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Outcome(null, "cannot start: " + e.getMessage(), 0);
        }
        StringBuilder out = new StringBuilder();
        Thread reader = new Thread(() -> drain(p.getInputStream(), out), "tune-stdout");
        reader.setDaemon(true);
        reader.start();
        try {
            boolean done = p.waitFor(f.timeout().toMillis(), TimeUnit.MILLISECONDS);
            long elapsed = (System.nanoTime() - start) / 1_000_000;
            if (!done) {
                TrialGroup.kill(p);
                return new Outcome(null, "timeout after " + f.timeout().toMillis() + " ms", elapsed);
            }
            TrialGroup.closePipe(p);
            reader.join(2000);
            if (p.exitValue() != 0) {
                return new Outcome(null, "exit code " + p.exitValue() + tail(stderrFile), elapsed);
            }
            if (f.objectiveSource() == TuningFile.ObjectiveSource.TIME) {
                return new Outcome(elapsed / 1000.0, null, elapsed);
            }
            return parse(f, out.toString(), elapsed);
        } catch (InterruptedException e) {
            TrialGroup.kill(p);
            throw e;
        }
    }

    static Outcome parse(TuningFile f, String stdout, long elapsed) {
        Matcher m = f.objectivePattern().matcher(stdout);
        String last = null;
        while (m.find()) {
            last = m.group(1);
        }
        if (last == null) {
            return new Outcome(null, "objective not found in output (regex " + f.objectivePattern() + ")", elapsed);
        }
        try {
            double v = Double.parseDouble(last.trim());
            return Double.isFinite(v) ? new Outcome(v, null, elapsed)
                    : new Outcome(null, "objective is not finite: " + last, elapsed);
        } catch (NumberFormatException e) {
            return new Outcome(null, "objective is not a number: " + last, elapsed);
        }
    }

    private static void drain(InputStream in, StringBuilder out) {
        try (in) {
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) > 0) {
                synchronized (out) {
                    if (out.length() < 1_000_000) {
                        out.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                    }
                }
            }
        } catch (IOException e) {
            // the process went away; what was read is kept
        }
    }

    private static String tail(Path stderrFile) {
        try {
            List<String> lines = Files.readAllLines(stderrFile);
            return lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1);
        } catch (IOException e) {
            return "";
        }
    }
}
