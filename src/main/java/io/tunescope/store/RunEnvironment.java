package io.tunescope.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * Where a result was measured, echoed into every {@code summary.json} (as JMH does): JVM, OS, CPUs, git revision.
 */
public record RunEnvironment(String javaVersion, String javaVm, String osName, String osVersion, String osArch,
                             int cpuCount, String cpuModel, long maxHeapBytes, String gitRevision,
                             String hostName, String capturedAt) {

    public static RunEnvironment capture() {
        Runtime rt = Runtime.getRuntime();
        return new RunEnvironment(
                System.getProperty("java.version"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                System.getProperty("os.name"),
                System.getProperty("os.version"),
                System.getProperty("os.arch"),
                rt.availableProcessors(),
                readCpuModel(),
                rt.maxMemory(),
                readGitRevision(),
                readHostName(),
                Instant.now().toString());
    }

    private static String readCpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or /proc unreadable: the model stays unknown
        }
        return "unknown";
    }

    private static String readHostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The git revision of the working directory (with "-dirty" when it has changes), or "unknown". */
    static String readGitRevision() {
        String rev = runGit("rev-parse", "--short=12", "HEAD");
        if (rev == null) {
            return "unknown";
        }
        String status = runGit("status", "--porcelain", "--untracked-files=no");
        return status == null || status.isEmpty() ? rev : rev + "-dirty";
    }

    private static String runGit(String... args) {
        String[] command = new String[args.length + 1];
        command[0] = "git";
        System.arraycopy(args, 0, command, 1, args.length);
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            try (InputStream in = p.getInputStream()) {
                String out = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
                if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                    return null;
                }
                return out;
            }
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
