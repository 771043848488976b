package io.tunescope.workload.micro;

import io.tunescope.monitor.jfr.ContentionTable;
import io.tunescope.monitor.jfr.ThreadBlockStats;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;

/**
 * What one JVM measured for one point: throughput of each iteration, the CPU cores this process used in it (the
 * whole JVM, so a starved point on a busy machine shows), CPU per operation, the system load average, the latency
 * histogram of the timed operations (one in {@code latencySampleEvery}) (compressed, Base64, so
 * forks can send it as JSON), errors, ThreadMXBean's per-thread blocked stats and, when recorded, the contention
 * table of the JFR file; {@code jvmPid} tells which JVM measured it, {@code warmupMillis} how long its warm-up
 * ran and {@code jitQuiet} whether the JIT had stopped compiling by then ({@link JitSettle}).
 */
public record PointRun(long jvmPid, PlanMode mode, int threads, long warmupMillis, boolean jitQuiet,
                       List<Double> iterationOpsPerSec, List<Double> iterationCpuCores, double cpuNanosPerOp,
                       double loadAverage, int latencySampleEvery, String latencyHistogram, long errors,
                       String firstError, List<ThreadBlockStats> threadStats, String jfrFile,
                       ContentionTable contention) {
    public PointRun {
        iterationOpsPerSec = List.copyOf(iterationOpsPerSec);
        iterationCpuCores = List.copyOf(iterationCpuCores);
        threadStats = List.copyOf(threadStats);
    }

    public boolean recordsContention() {
        return jfrFile != null;
    }

    static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), length));
    }

    public Histogram histogram() {
        try {
            return Histogram.decodeFromCompressedByteBuffer(
                    ByteBuffer.wrap(Base64.getDecoder().decode(latencyHistogram)), 0);
        } catch (DataFormatException e) {
            throw new IllegalStateException("corrupt latency histogram: " + e.getMessage(), e);
        }
    }
}
