package io.tunescope.monitor;

import io.tunescope.monitor.proc.ProcFile;
import io.tunescope.monitor.proc.TaskStatParser;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A process's thread count from {@code /proc/<pid>/stat} (field 20, {@code num_threads}), kept open and read with
 * one {@code pread}: a rescan lists {@code /proc/<pid>/task} (a directory read and a string per thread) only when
 * the count differs from the threads the sampler already follows. A thread that exits and another that starts
 * between two rescans leave the count unchanged; the sweep retires the exited one at the next tick, so the new one
 * is found one rescan later.
 */
final class ThreadCountProbe implements AutoCloseable {
    private static final int NUM_THREADS_FIELD = 20;
    private final ProcFile stat;

    ThreadCountProbe(Path procRoot, int pid) {
        this.stat = ProcFile.openOrNull(procRoot.resolve(Integer.toString(pid)).resolve("stat"), 1024);
    }

    /** The process's thread count now, or -1 when unknown (no such file, the process is gone, malformed text). */
    long threads() {
        if (stat == null) {
            return -1;
        }
        try {
            int n = stat.read();
            return n == 0 ? -1 : TaskStatParser.field(stat.bytes(), n, NUM_THREADS_FIELD);
        } catch (IOException e) {
            return -1;
        }
    }

    @Override
    public void close() {
        if (stat != null) {
            stat.close();
        }
    }
}
