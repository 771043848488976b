package io.tunescope.monitor.trace;

import io.tunescope.Externals;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The runtime charges' kernel filter: the monitored threads and later tasks, not the controller's own. */
class ChargeFilterTest {
    private static final String FILTER = "events/sched/" + TracefsTracer.RUNTIME_EVENT + "/filter";

    @Test
    void monitoredRangesAndLaterTasksButNotOurOwn() {
        TreeSet<Integer> monitored = new TreeSet<>(List.of(100, 101, 102, 110));
        assertThat(ChargeFilter.of(monitored, new TreeSet<>(), 2000))
                .isEqualTo("(pid>=100&&pid<=102)||pid==110||pid>110");
        assertThat(ChargeFilter.of(monitored, new TreeSet<>(List.of(50, 101, 120, 121, 130)), 2000))
                .as("own threads at or below the highest monitored one need no exclusion")
                .isEqualTo("(pid>=100&&pid<=102)||pid==110||(pid>110&&!((pid>=120&&pid<=121)||pid==130))");
        assertThat(ChargeFilter.of(monitored, new TreeSet<>(List.of(100, 101, 102, 110)), 2000))
                .as("monitoring ourselves").isEqualTo("(pid>=100&&pid<=102)||pid==110||pid>110");
        assertThat(ChargeFilter.of(monitored, new TreeSet<>(), 30)).as("merged to fit")
                .isEqualTo("(pid>=100&&pid<=110)||pid>110");
        assertThatThrownBy(() -> ChargeFilter.of(new TreeSet<>(), new TreeSet<>(), 2000))
                .hasMessage("no monitored threads to filter charges for");
    }

    @Test
    void theKernelAcceptsIt() throws Exception {
        Externals.require(TracefsTracer.prepare(TracefsTracer.DEFAULT_ROOT, line -> { }) == null, "root and tracefs");
        Path instance = TracefsTracer.DEFAULT_ROOT.resolve("instances").resolve(
                StaleInstances.nameFor(ProcessHandle.current().pid(), Path.of("/proc")) + "-filter");
        Files.createDirectory(instance);
        try {
            String filter = ChargeFilter.of(new TreeSet<>(List.of(100, 101, 102, 110)),
                    new TreeSet<>(List.of(120, 121, 130)), 2000);
            TracefsTracer.write(instance.resolve(FILTER), filter);
            assertThat(EventFormat.readText(instance.resolve(FILTER)).strip()).isEqualTo(filter);
        } finally {
            Files.delete(instance);
        }
    }
}
