package io.tunescope.monitor.session;

import io.tunescope.store.ResultsDatabase;
import io.tunescope.Notices;
import io.tunescope.Progress;
import io.tunescope.monitor.ExactReport;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.monitor.MonitorReport;
import io.tunescope.monitor.MonitoredProcess;
import io.tunescope.monitor.Recording;
import io.tunescope.monitor.ThreadMonitor;
import io.tunescope.monitor.export.MetricsEndpoint;
import io.tunescope.monitor.proc.ClockTicks;
import io.tunescope.monitor.trace.SchedEvent;
import io.tunescope.monitor.trace.SchedTimeline;
import io.tunescope.monitor.trace.TracefsTracer;
import io.tunescope.store.MonitorDir;
import io.tunescope.store.RunEnvironment;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Monitors processes for a fixed duration and reports: the logic behind {@code tunescope monitor} (the command only
 * wires options to this).
 */
public final class MonitorSession {
    private MonitorSession() {
    }

    /**
     * Settings of one session. {@code out} may be null (nothing written); {@code metricsPort} null for none;
     * {@code exactTracefs} the tracefs root for exact mode beside sampling ({@link TracefsTracer#DEFAULT_ROOT}), null
     * for sampling only.
     */
    public record Settings(List<MonitoredProcess> processes, MonitorOptions options, Duration duration, Path out,
                           Integer metricsPort, Progress progress, Path exactTracefs) {
        public Settings {
            processes = List.copyOf(processes);
            Objects.requireNonNull(progress, "progress");
            if (duration.isNegative() || duration.isZero()) {
                throw io.tunescope.BadInputException.of("duration", io.tunescope.config.DurationText.format(duration), "must be positive");
            }
        }
    }

    /**
     * Runs the session; blocks for the duration (an interrupt ends it early, keeping what was measured, with the
     * interrupt flag restored). Writes summary.json and samples.tsraw under {@code out} when given.
     */
    public static MonitorReport run(Settings s) {
        long cpu0 = processCpuNanos();
        List<String> notes = new ArrayList<>();
        TracefsTracer tracer = s.exactTracefs() == null ? null : startTracer(s, notes);
        try {
            MonitorOptions options = s.out() == null ? s.options()
                    : s.options().withRawFile(new MonitorDir(s.out()).samples());
            ThreadMonitor monitor = ThreadMonitor.start(s.processes(), options);
            try {
                sample(s, monitor);
            } catch (RuntimeException e) {
                monitor.stop().close();
                throw e;
            }
            try (Recording recording = monitor.stop()) {
                ExactReport exact = tracer == null ? null : exact(tracer, recording, notes);
                MonitorReport report = MonitorReport.of(recording).withSession(exact == null ? "sample" : "exact",
                        (processCpuNanos() - cpu0) / 1e6, exact, notes);
                if (s.out() != null) {
                    ResultsDatabase.writeWithSummary(new MonitorDir(s.out()).summary(), summary(s, report),
                            java.util.List.of());
                }
                return report;
            }
        } finally {
            if (tracer != null) {
                tracer.close();
            }
        }
    }

    /** Starts the tracer, or says in one line (on stderr and in the problems) why exact mode falls back. */
    private static TracefsTracer startTracer(Settings s, List<String> notes) {
        String why = TracefsTracer.prepare(s.exactTracefs(), line -> Notices.say("tunescope: " + line));
        if (why == null) {
            try {
                TracefsTracer tracer = TracefsTracer.start(s.exactTracefs(),
                        s.processes().stream().map(MonitoredProcess::pid).toList(), s.options().procRoot());
                tracer.reportStaleRemoved();
                return tracer;
            } catch (IOException | RuntimeException e) {
                why = "tracing could not start: " + e.getMessage();
            }
        }
        String note = "exact mode unavailable: " + why + "; sampling only";
        Notices.say("tunescope: " + note);
        notes.add(note);
        return null;
    }

    private static ExactReport exact(TracefsTracer tracer, Recording recording, List<String> notes) {
        try {
            List<SchedEvent> events = tracer.stop();
            notes.addAll(tracer.notes());
            return ExactReport.of(SchedTimeline.build(events, tid -> true, tracer.switchRecord()), events.size(),
                    recording);
        } catch (IOException e) {
            notes.add("exact mode failed reading the trace: " + e.getMessage() + "; sampled figures only");
            return null;
        }
    }

    /** This process's CPU time, every thread (sampler, writer, GC, JIT): the monitoring cost seen from outside. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void sample(Settings s, ThreadMonitor monitor) {
        MetricsEndpoint endpoint = null;
        try {
            if (s.metricsPort() != null) {
                endpoint = MetricsEndpoint.start(s.metricsPort(), monitor.liveTotals(), ClockTicks.PER_SECOND);
                Notices.say("metrics on http://127.0.0.1:" + endpoint.port() + "/metrics");
            }
            waitFor(s.duration(), s.progress());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (endpoint != null) {
                endpoint.close();
            }
        }
    }

    private static void waitFor(Duration duration, Progress progress) throws InterruptedException {
        try (Progress.Task bar = progress.start("monitoring", duration.toMillis(), "ms")) {
            long end = System.nanoTime() + duration.toNanos();
            long left;
            while ((left = end - System.nanoTime()) > 0) {
                long step = Math.min(100, Math.max(1, left / 1_000_000));
                Thread.sleep(step);
                bar.step(step);
            }
        }
    }

    private static MonitorSessionSummary summary(Settings s, MonitorReport report) {
        return new MonitorSessionSummary(MonitorSessionSummary.COMMAND,
                s.processes().stream().map(MonitoredProcess::pid).toList(), report.mode(),
                s.options().interval().toNanos() / 1e6, s.options().countersEveryTicks(),
                s.options().rescanEveryTicks(), s.duration().toMillis(),
                new MonitorDir(s.out()).samples().getFileName().toString(), RunEnvironment.capture(), report);
    }
}
