package io.tunescope.monitor.session;

import io.tunescope.Externals;
import io.tunescope.Progress;
import io.tunescope.monitor.ExactReport;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.monitor.MonitorReport;
import io.tunescope.monitor.MonitoredProcess;
import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.monitor.trace.TracefsTracer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code monitor --exact}: the fall-back to sampling, and (as root with tracefs) both modes side by side. */
class MonitorSessionExactTest {
    private static MonitorSession.Settings settings(Path tracefs, Duration duration) {
        int self = (int) ProcessHandle.current().pid();
        return new MonitorSession.Settings(List.of(new MonitoredProcess("self", self, false,
                new NameBasedClassifier())), MonitorOptions.defaults(Duration.ofMillis(8)), duration, null, null,
                Progress.NONE, tracefs);
    }

    @Test
    void fallsBackToSamplingWithAOneLineReason(@TempDir Path noTracefs) {
        MonitorReport r = MonitorSession.run(settings(noTracefs, Duration.ofMillis(200)));
        assertThat(r.mode()).isEqualTo("sample");
        assertThat(r.exact()).isNull();
        assertThat(r.problems()).anySatisfy(p -> assertThat(p)
                .startsWith("exact mode unavailable: no tracefs with scheduler events at " + noTracefs)
                .endsWith("; sampling only").doesNotContain("\n"));
        assertThat(r.overheadCpuMillis()).isNotNull().isGreaterThanOrEqualTo(0.0);
    }

    @Test
    void samplingOnlyWhenNotAsked() {
        MonitorReport r = MonitorSession.run(settings(null, Duration.ofMillis(100)));
        assertThat(r.mode()).isEqualTo("sample");
        assertThat(r.problems()).noneMatch(p -> p.contains("exact mode"));
    }

    @Test
    void exactOnCpuAgreesWithSchedstat() throws Exception {
        Externals.require(TracefsTracer.prepare(TracefsTracer.DEFAULT_ROOT, line -> { }) == null, "root and tracefs");
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong spins = new AtomicLong();
        CountDownLatch spinning = new CountDownLatch(1);
        // the spinner only spins; every assertion is on the test thread, where a failure fails the test
        Thread spinner = new Thread(() -> {
            spinning.countDown();
            long n = 0;
            while (!stop.get()) {
                n++;
            }
            spins.set(n);
        }, "exact-spin");
        spinner.start();
        try {
            assertThat(spinning.await(30, TimeUnit.SECONDS)).as("the spinner started").isTrue();
            int tid = tidNamed("exact-spin");
            long before = onCpuNanos(tid);
            MonitorReport r = MonitorSession.run(settings(TracefsTracer.DEFAULT_ROOT, Duration.ofMillis(600)));
            double bracketMillis = (onCpuNanos(tid) - before) / 1e6;
            assertThat(r.mode()).isEqualTo("exact");
            MonitorReport.ThreadEntry sampled = r.threads().stream().filter(t -> t.tid() == tid).findFirst()
                    .orElseThrow();
            ExactReport.Entry exact = r.exact().threads().stream().filter(t -> t.tid() == tid).findFirst()
                    .orElseThrow();
            System.out.printf("exact-spin: schedstat around the session %.3f ms, trace over the recording %.3f ms, "
                    + "schedstat first to last tick %.3f ms, trace complete %s, %d events%n", bracketMillis,
                    exact.cpuMillis(), sampled.cpuMillis(), r.exact().complete(), r.exact().events());
            assertThat(exact.cpuMillis()).isGreaterThan(50.0);
            if (r.exact().complete()) {
                // nested windows: sampler's first..last tick inside the recording inside the test's bracket; 10 ms
                // covers schedstat lagging by up to one scheduler tick (HZ 100 and up) for a thread that is on a CPU
                // when read. No other slack: on-CPU time comes from the kernel's runtime charges, recorded whoever
                // makes them (the sampler's reads of schedstat make some: from the pid-filtered instance alone, up
                // to 15 % went missing here)
                assertThat(exact.cpuMillis()).isBetween(sampled.cpuMillis() - 10, bracketMillis + 10);
            }
            assertThat(Files.list(TracefsTracer.DEFAULT_ROOT.resolve("instances"))
                    .map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("tunescope-" + ProcessHandle.current().pid() + "-")))
                    .as("the trace instance is removed").isEmpty();
        } finally {
            stop.set(true);
            spinner.join();
        }
        assertThat(spins.get()).as("the spinner spun throughout").isPositive();
    }

    private static long onCpuNanos(int tid) throws Exception {
        return Long.parseLong(Files.readString(Path.of("/proc/self/task/" + tid + "/schedstat")).split(" ")[0]);
    }

    private static int tidNamed(String name) throws Exception {
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : tasks.toList()) {
                if (Files.readString(t.resolve("comm")).strip().equals(name)) {
                    return Integer.parseInt(t.getFileName().toString());
                }
            }
        }
        throw new IllegalStateException("no thread named " + name);
    }
}
