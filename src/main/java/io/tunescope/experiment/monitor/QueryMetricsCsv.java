package io.tunescope.experiment.monitor;

import io.tunescope.monitor.QueryMetrics;
import io.tunescope.store.ExecutionRecord;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** {@code monitor/query-metrics.csv}: one line per execution with its metrics; empty cells are unmeasured. */
final class QueryMetricsCsv implements AutoCloseable {
    static final String HEADER = "tenant,user,sequence,iteration,query,phase,startNanos,responseMillis,"
            + "processingMillis,activeWorkers,rsRatio,rsJumps,rsJumpsSampled,workerCpuMillis,totalCpuMillis,cpuJumps,"
            + "coreChangesSampled,contextSwitches,runningSamples,sleepingSamples,runDelayMillis,concurrentExecutions";
    private final BufferedWriter out;

    QueryMetricsCsv(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        out.write(HEADER);
        out.newLine();
    }

    void write(ExecutionRecord e, QueryMetrics m) throws IOException {
        Object[] cells = {e.tenant(), e.user(), e.sequence(), e.iteration(), e.query(), e.phase(), e.startNanos(),
            m.responseMillis(), m.processingMillis(), m.activeWorkers(), m.rsRatio(), m.rsJumps(),
            m.rsJumpsSampled(), m.workerCpuMillis(), m.totalCpuMillis(), m.cpuJumps(), m.coreChangesSampled(),
            m.contextSwitches(), m.runningSamples(), m.sleepingSamples(), m.runDelayMillis(),
            m.concurrentExecutions()};
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                line.append(',');
            }
            Object c = cells[i];
            if (c instanceof Double d) {
                line.append(String.format(Locale.ROOT, "%.3f", d));
            } else if (c != null) {
                line.append(c);
            }
        }
        out.write(line.toString());
        out.newLine();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
