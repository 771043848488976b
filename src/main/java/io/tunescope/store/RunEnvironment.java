package io.tunescope.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Where a result was measured, echoed into every {@code summary.json} (as JMH does): JVM, OS, CPUs, and the git
 * commit tunescope was built from.
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

    /** The git commit tunescope was built from ("-dirty" when its tree had changes), or "unknown". */
    static String readGitRevision() {
        return BuildInfo.CURRENT.commit();
    }
}
