package io.tunescope.workload.agent;

import com.fasterxml.jackson.databind.MappingIterator;
import io.tunescope.workload.ExecutionRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ExecutionCsvTest {
    @Test
    void roundTripsExecutionsIncludingErrorsWithCommasAndQuotes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("e.csv");
        ExecutionRecord ok = new ExecutionRecord("t1", 1, 1, 0, "Q1", ExecutionRecord.Phase.WARMUP, 10, 20, 30, 4, null);
        ExecutionRecord bad = new ExecutionRecord("t1", 2, 7, 3, "Q9", ExecutionRecord.Phase.MEASURE, 11, 21, 31, 0,
                "Catalog Error: Table \"lineitem\" does not exist, sorry\nsecond line");
        try (ExecutionCsv csv = new ExecutionCsv(file)) {
            csv.accept(ok);
            csv.accept(bad);
            assertThat(csv.executions()).isEqualTo(2);
            assertThat(csv.errors()).isEqualTo(1);
        }
        try (MappingIterator<ExecutionRecord> it = ExecutionCsv.read(file)) {
            List<ExecutionRecord> back = it.readAll();
            assertThat(back).containsExactly(ok, bad);
        }
    }
}
