package io.tunescope.workload.micro;

import io.tunescope.monitor.proc.SchedstatParser;
import io.tunescope.monitor.role.JvmThreadNames;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU time this JVM's JIT compiler threads have used, in nanoseconds: on Linux the sum of {@code schedstat} over the
 * threads the monitor's {@link JvmThreadNames} puts in the JIT group (C1/C2 compiler threads, the sweeper); elsewhere {@link CompilationMXBean}'s total compilation time, which only
 * moves when a compilation ends, so a long compilation starved of CPU looks like silence.
 */
final class CompilerCpu {
    private static final Path TASKS = Path.of("/proc/self/task");
    private static final String JIT_GROUP = "jvm-jit";

    private CompilerCpu() {
    }

    /** Returns -1 when neither source is available. */
    static long nanos() {
        if (Files.isDirectory(TASKS)) {
            long fromProc = fromProc();
            if (fromProc >= 0) {
                return fromProc;
            }
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return -1;
        }
        return jit.getTotalCompilationTime() * 1_000_000;
    }

    static long fromProc() {
        long sum = 0;
        int found = 0;
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                String comm = readOrNull(task.resolve("comm"));
                if (comm == null || !JIT_GROUP.equals(JvmThreadNames.groupOf(comm.strip()))) {
                    continue;
                }
                String stat = readOrNull(task.resolve("schedstat"));
                SchedstatParser.Schedstat s = stat == null ? null : SchedstatParser.parse(stat);
                if (s != null) {
                    sum += s.onCpuNanos();
                    found++;
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return found == 0 ? -1 : sum;
    }

    private static String readOrNull(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return null; // the thread ended between the listing and the read
        }
    }
}
