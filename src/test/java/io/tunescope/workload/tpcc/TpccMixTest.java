package io.tunescope.workload.tpcc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class TpccMixTest {
    @Test
    void theMixOverManyDrawsIsTheSpecifications() {
        SplittableRandom random = new SplittableRandom(5);
        int[] counts = new int[5];
        int draws = 200_000;
        for (int i = 0; i < draws; i++) {
            counts[TpccWorkload.pick(random.nextInt(100))]++;
        }
        int[] percents = TpccWorkload.WEIGHTS;
        for (int t = 0; t < counts.length; t++) {
            // within 0.5 percentage point of the weight (the standard error is about 0.1)
            assertThat(100.0 * counts[t] / draws).as(TpccWorkload.TRANSACTIONS.get(t))
                    .isBetween(percents[t] - 0.5, percents[t] + 0.5);
        }
    }

    @Test
    void picksAtTheBoundaries() {
        assertThat(TpccWorkload.pick(0)).isEqualTo(TpccWorkload.NEW_ORDER);
        assertThat(TpccWorkload.pick(44)).isEqualTo(TpccWorkload.NEW_ORDER);
        assertThat(TpccWorkload.pick(45)).isEqualTo(TpccWorkload.PAYMENT);
        assertThat(TpccWorkload.pick(87)).isEqualTo(TpccWorkload.PAYMENT);
        assertThat(TpccWorkload.pick(88)).isEqualTo(TpccWorkload.ORDER_STATUS);
        assertThat(TpccWorkload.pick(99)).isEqualTo(TpccWorkload.STOCK_LEVEL);
    }

    @Test
    void serializationFailuresAndDeadlocksAreRetriedOtherFailuresNot() {
        assertThat(TpccUser.retryable(new SQLException("x", "40001"))).isTrue();
        assertThat(TpccUser.retryable(new SQLException("x", "40P01"))).isTrue();
        assertThat(TpccUser.retryable(new SQLException("x", TpccTransactions.ROLLED_BACK))).isFalse();
        assertThat(TpccUser.retryable(new SQLException("x", "23505"))).isFalse();
        assertThat(TpccUser.retryable(new SQLException("TransactionContext Error: Conflict on update"))).isTrue();
    }

    @Test
    void remoteWarehousesAreNeverTheHomeOne() {
        TpccTerminal terminal = new TpccTerminal(2, 1, 3);
        TpccRandom random = new TpccRandom(1, new CConstants(1, 1, 1));
        boolean[] seen = new boolean[4];
        for (int i = 0; i < 1_000; i++) {
            int w = terminal.remote(random);
            assertThat(w).isIn(1, 3);
            seen[w] = true;
        }
        assertThat(seen[1] && seen[3]).isTrue();
        assertThat(new TpccTerminal(1, 1, 1).remote(random)).isEqualTo(1);
    }
}
