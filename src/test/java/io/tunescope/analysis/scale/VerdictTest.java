package io.tunescope.analysis.scale;

import io.tunescope.monitor.jfr.ContentionTable;
import io.tunescope.monitor.jfr.HotMethod;
import io.tunescope.monitor.jfr.LockStat;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class VerdictTest {
    static PointResult point(String mode, int threads, double opsPerSec) {
        return new PointResult(mode, threads, opsPerSec, new double[] {opsPerSec, opsPerSec}, opsPerSec, 1, 1,
                List.of(1L), 1000, true, 1.0, 0.5, 0.1, 1,
                new LatencySummary(1, 1, 1, 1, 1, 1, 1), 0, null);
    }

    @Test
    void namesTheRatioAndTheLock() {
        LockStat top = new LockStat("monitor", "org.apache.derby.impl.sql.GenericPreparedStatement", 14126,
                14_126_000_000L, 2295, 0.997, List.of("org.apache.derby.impl.sql.GenericPreparedStatement.upToDate:205"),
                List.of());
        ModeContention shared = new ModeContention("shared", 8, "x.jfr",
                new ContentionTable(List.of(top), 14168, 2300, List.of(), 0), List.of(), 0, 0, 1, 1.0, 1.0);
        String v = Verdict.of(List.of(point("shared", 8, 100), point("separate", 8, 162), point("shared", 1, 50)), List.of(),
                ContentionSummary.of(Map.of("shared", shared)));
        assertThat(v).isEqualTo("separate/shared throughput at 8 threads: 1.62; top contended monitor: "
                + "org.apache.derby.impl.sql.GenericPreparedStatement (99.7% of blocked time, shared mode) in upToDate()");
    }

    @Test
    void withoutBothModesItReportsWhatThereIs() {
        assertThat(Verdict.of(List.of(point("unprepared", 4, 1234)), List.of(), null))
                .isEqualTo("unprepared at 4 threads: 1234 ops/s");
    }

    @Test
    void withoutAContendedLockItNamesTheHottestMethod() {
        HotMethod hot = new HotMethod("org.h2.mvstore.tx.TransactionStore.registerTransaction",
                "org.h2.mvstore.tx.TransactionStore.begin", 30, 0.167);
        ModeContention separate = new ModeContention("separate", 2, "x.jfr",
                new ContentionTable(List.of(), 0, 0, List.of(hot), 180), List.of(), 0, 0, 1, 1.0, 1.0);
        String v = Verdict.of(List.of(point("shared", 2, 100), point("separate", 2, 103)), List.of(),
                ContentionSummary.of(Map.of("separate", separate)));
        assertThat(v).endsWith("no contended monitor or park recorded (separate, 2 threads); hottest method on CPU: "
                + "org.h2.mvstore.tx.TransactionStore.registerTransaction (16.7% of samples)");
    }
}
