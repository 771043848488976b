package io.tunescope.workload.micro;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/** CPU time of this whole JVM and the system load average, to tell a starved measurement from a slow engine. */
final class ProcessCpu {
    private static final OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

    private ProcessCpu() {
    }

    /** Process CPU nanoseconds (all threads), or 0 where the JVM cannot tell. */
    static long nanos() {
        if (OS instanceof com.sun.management.OperatingSystemMXBean sun) {
            return Math.max(0, sun.getProcessCpuTime());
        }
        return 0;
    }

    static double loadAverage() {
        return OS.getSystemLoadAverage();
    }
}
