package io.tunescope.store;

import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TenantStatisticsTest {
    @Test
    void aTornLastLineIsDroppedNotCountedAndNotFatal(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("e.csv");
        try (ExecutionCsv out = new ExecutionCsv(csv)) {
            for (int i = 1; i <= 3; i++) {
                out.accept(new ExecutionRecord("t1", 1, i, 0, "Q1", ExecutionRecord.Phase.MEASURE, i, i, 5_000_000, 4, null));
            }
        }
        for (String torn : new String[] {"t1,1,4,0,Q1,MEAS", "t1,1,4,0,Q1,MEASURE,100,200"}) {
            Path copy = dir.resolve("torn.csv");
            Files.copy(csv, copy, StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(copy, torn, StandardOpenOption.APPEND);
            TenantStatistics statistics = TenantStatistics.read(copy);
            assertThat(statistics.executions()).as(torn).isEqualTo(3);
            assertThat(statistics.queries(Map.of(), Map.of(), false).get(0).p50Millis()).as(torn)
                    .isEqualTo(5.0, Offset.offset(0.01));
        }
    }
}
