package io.tunescope.experiment.monitor;

import io.tunescope.monitor.SchedstatCheck;
import io.tunescope.monitor.trace.SchedEvent;
import io.tunescope.monitor.trace.SchedTimeline;
import io.tunescope.monitor.trace.TraceSummary;
import io.tunescope.monitor.trace.TracefsTracer;
import io.tunescope.store.MonitorSummary;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Exact mode of a run ({@code run --monitor --exact}): a scheduler trace of the tenants' processes across the
 * measurement, read back when it stops, and checked against the kernel's per-thread schedstat totals read right
 * after tracing started and right before it stopped. Never fails a run: where tracing is unavailable or breaks, one
 * line says why and the run keeps its sampled metrics.
 */
final class ExactRun implements AutoCloseable {
    private final Path procRoot;
    private final List<Integer> pids;
    private final TracefsTracer tracer;
    private final SchedstatCheck.Snapshot before;
    private TraceSummary trace;
    private MonitorSummary summary;

    private ExactRun(Path procRoot, List<Integer> pids, TracefsTracer tracer, SchedstatCheck.Snapshot before) {
        this.procRoot = procRoot;
        this.pids = pids;
        this.tracer = tracer;
        this.before = before;
    }

    /** Starts tracing {@code pids}, or returns null after telling {@code warn} why the run samples only. */
    static ExactRun start(Path tracefs, Path procRoot, List<Integer> pids, Consumer<String> warn,
                          List<String> fallback) {
        String why = TracefsTracer.prepare(tracefs, warn);
        if (why == null) {
            try {
                // the processes' threads and their children's (a postmaster's backends forked before tracing
                // began: event-fork follows only those forked after)
                List<Integer> all = List.copyOf(SchedstatCheck.read(procRoot, pids).byTid().keySet());
                TracefsTracer tracer = TracefsTracer.start(tracefs, all.isEmpty() ? pids : all, procRoot);
                tracer.reportStaleRemoved();
                return new ExactRun(procRoot, pids, tracer, SchedstatCheck.read(procRoot, pids));
            } catch (IOException | RuntimeException e) {
                why = "tracing could not start: " + e.getMessage();
            }
        }
        String line = "exact mode unavailable: " + why + "; sampling only";
        warn.accept(line);
        fallback.add(line);
        return null;
    }

    /**
     * Reads schedstat again, stops tracing, folds the trace and writes the per-thread check to {@code checkCsv};
     * null (and one line to {@code warn}) on failure.
     */
    TraceSummary stop(Path checkCsv, Consumer<String> warn) {
        SchedstatCheck.Snapshot after = SchedstatCheck.read(procRoot, pids);
        try {
            List<SchedEvent> events = tracer.stop();
            trace = SchedTimeline.build(events, tid -> true, tracer.switchRecord());
            tracer.notes().forEach(warn);
            StringBuilder csv = new StringBuilder("tid,traceCpuMillis,schedstatCpuMillis,onCpuAtReading\n");
            MonitorSummary.SchedstatAgreement agreement = SchedstatCheck.compare(before, after, trace,
                    (tid, traced, stat, busy) -> csv.append(tid).append(',').append(traced / 1e6).append(',')
                            .append(stat / 1e6).append(',').append(busy).append('\n'));
            Files.createDirectories(checkCsv.toAbsolutePath().getParent());
            Files.writeString(checkCsv, csv, StandardCharsets.UTF_8);
            summary = new MonitorSummary("exact", null, (long) events.size(), trace.lostEvents(), trace.complete(),
                    agreement);
            return trace;
        } catch (IOException | RuntimeException e) {
            String line = "exact mode failed reading the trace: " + e.getMessage() + "; sampled metrics only";
            warn.accept(line);
            summary = MonitorSummary.sampled(line);
            return null;
        } finally {
            tracer.close();
        }
    }

    MonitorSummary summary() {
        return summary;
    }

    @Override
    public void close() {
        tracer.close();
    }
}
