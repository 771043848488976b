package io.tunescope.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        List<ExecutionRecord> back = ExecutionCsv.readAll(file);
        assertThat(back).containsExactly(ok, bad);
    }

    @Test
    void aTornLastLineEndsTheReadingAndSaysWhy(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("e.csv");
        try (ExecutionCsv csv = new ExecutionCsv(file)) {
            csv.accept(new ExecutionRecord("t1", 1, 1, 0, "Q1", ExecutionRecord.Phase.MEASURE, 10, 20, 30, 4, null));
        }
        Files.writeString(file, "t1,1,2,0,Q1,MEAS", StandardOpenOption.APPEND);
        List<ExecutionRecord> seen = new ArrayList<>();
        ExecutionCsv.Reading reading = ExecutionCsv.forEach(file, seen::add);
        assertThat(seen).hasSize(1);
        assertThat(reading.executions()).isEqualTo(1);
        assertThat(reading.complete()).isFalse();
        // in our words, never the CSV parser's (which named Java classes)
        assertThat(reading.stoppedBy()).isEqualTo(ExecutionCsv.TORN_LAST_LINE);
        assertThat(ExecutionCsv.readAll(file)).hasSize(1);

        // a malformed line that ends with its line end is no torn write: the reading says what is wrong with it
        Files.writeString(file, "\nt1,1,3,0,Q1,BOGUS,1,2,3,4,\n", StandardOpenOption.APPEND);
        assertThat(ExecutionCsv.forEach(file, e -> { }).stoppedBy()).isNotEqualTo(ExecutionCsv.TORN_LAST_LINE);
    }

    @Test
    void aFileWithNoReadableExecutionIsAnError(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("e.csv");
        Files.writeString(file, "not,an,executions,file\n1,2,3,4\n");
        assertThatThrownBy(() -> ExecutionCsv.readAll(file)).isInstanceOf(java.io.IOException.class);
        assertThat(ExecutionCsv.forEach(dir.resolve("missing.csv"), e -> { }).complete()).isFalse();
    }
}
