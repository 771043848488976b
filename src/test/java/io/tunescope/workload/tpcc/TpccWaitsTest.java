package io.tunescope.workload.tpcc;

import io.tunescope.engine.SqlDialect;
import io.tunescope.workload.WorkloadDefinition;
import io.tunescope.workload.mix.UserTransactions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The specification's keying and think times (clause 5.2.5), and the workload text that asks for them. */
class TpccWaitsTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void keyingTimesAreTheSpecificationsPerTransaction() {
        TpccWaits waits = new TpccWaits(1);
        assertThat(waits.keyingNanos(TpccWorkload.NEW_ORDER)).isEqualTo(18 * SECOND);
        assertThat(waits.keyingNanos(TpccWorkload.PAYMENT)).isEqualTo(3 * SECOND);
        assertThat(waits.keyingNanos(TpccWorkload.DELIVERY)).isEqualTo(2 * SECOND);
    }

    @Test
    void thinkTimesAreNegativeExponentialWithTheMeanAndCutAtTenTimesIt() {
        TpccWaits waits = new TpccWaits(7);
        int n = 50_000;
        double sum = 0;
        long max = 0;
        long overMean = 0;
        for (int i = 0; i < n; i++) {
            long think = waits.thinkNanos(TpccWorkload.NEW_ORDER);
            assertThat(think).isBetween(0L, 120 * SECOND);
            sum += think;
            max = Math.max(max, think);
            overMean += think > 12 * SECOND ? 1 : 0;
        }
        assertThat(sum / n / SECOND).isCloseTo(12.0, within(0.3));
        // a negative exponential exceeds its mean with probability 1/e
        assertThat((double) overMean / n).isCloseTo(Math.exp(-1), within(0.01));
        assertThat(max).isGreaterThan(60 * SECOND);
        double stockLevel = 0;
        for (int i = 0; i < n; i++) {
            stockLevel += waits.thinkNanos(TpccWorkload.STOCK_LEVEL);
        }
        assertThat(stockLevel / n / SECOND).isCloseTo(5.0, within(0.15));
    }

    @Test
    void aTerminalWaitsOnlyWhenAskedAndDrawsTheSameTransactionsEitherWay() throws Exception {
        String url = "jdbc:h2:mem:waits" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
        new TpccLoader(() -> DriverManager.getConnection(url), SqlDialect.GENERIC, 2,
                Executors.defaultThreadFactory()).load(1, 3, rows -> { });
        try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url);
             UserTransactions plain = new TpccWorkload().forUser(1, 5, a, SqlDialect.GENERIC);
             UserTransactions waiting = new TpccWorkload(true).forUser(1, 5, b, SqlDialect.GENERIC)) {
            for (int i = 0; i < 20; i++) {
                int index = plain.next();
                assertThat(waiting.next()).isEqualTo(index);
                assertThat(plain.keyingNanos(index)).isZero();
                assertThat(plain.thinkNanos(index)).isZero();
                assertThat(waiting.keyingNanos(index)).isEqualTo(TpccWaits.KEYING_MILLIS[index] * 1_000_000);
                assertThat(waiting.thinkNanos(index)).isPositive();
            }
        }
    }

    @Test
    void theWorkloadTextNamesTheWaits() {
        WorkloadDefinition think = WorkloadDefinition.parse("tpcc:think", false);
        assertThat(think.kind()).isEqualTo(WorkloadDefinition.Kind.TPCC);
        assertThat(think.thinkTimes()).isTrue();
        assertThat(think.toString()).isEqualTo("tpcc:think");
        assertThat(WorkloadDefinition.parse(think.toString(), false)).isEqualTo(think);
        assertThat(WorkloadDefinition.parse("tpcc", false).thinkTimes()).isFalse();
    }
}
