package io.tunescope.workload.tpcc;

import io.tunescope.BadInputException;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TpccRandomTest {
    private static final CConstants LOAD = new CConstants(100, 500, 4000);

    @Test
    void nurandStaysInItsRangeAndFavoursSomeValues() {
        TpccRandom random = new TpccRandom(1, LOAD);
        int[] counts = new int[3001];
        int draws = 300_000;
        for (int i = 0; i < draws; i++) {
            int id = random.customerId();
            assertThat(id).isBetween(1, 3000);
            counts[id]++;
        }
        int max = 0;
        for (int id = 1; id <= 3000; id++) {
            max = Math.max(max, counts[id]);
        }
        // uniform would give about 100 per id; NURand's OR of two uniforms makes some ids several times as likely
        assertThat(max).isGreaterThan(3 * draws / 3000);
    }

    @Test
    void nurandOfEachAStaysInItsRange() {
        TpccRandom random = new TpccRandom(2, LOAD);
        for (int i = 0; i < 100_000; i++) {
            assertThat(random.itemId()).isBetween(1, 100_000);
            assertThat(random.nurand(255, 0, 999)).isBetween(0, 999);
        }
    }

    @Test
    void lastNamesAreBuiltFromTheSyllables() {
        assertThat(TpccRandom.lastName(0)).isEqualTo("BARBARBAR");
        assertThat(TpccRandom.lastName(371)).isEqualTo("PRICALLYOUGHT");
        assertThat(TpccRandom.lastName(999)).isEqualTo("EINGEINGEING");
        Set<String> all = new HashSet<>();
        for (int n = 0; n <= 999; n++) {
            all.add(TpccRandom.lastName(n));
        }
        assertThat(all).hasSize(1000);
        assertThatThrownBy(() -> TpccRandom.lastName(1000)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void runConstantForLastNamesKeepsTheSpecifiedDistanceFromTheLoad() {
        for (long seed = 0; seed < 2_000; seed++) {
            CConstants load = CConstants.forLoad(seed);
            CConstants run = CConstants.forRun(load, seed * 31 + 7);
            int delta = Math.abs(run.lastName() - load.lastName());
            assertThat(delta).isBetween(65, 119).isNotIn(96, 112);
        }
        assertThat(CConstants.validDelta(96)).isFalse();
        assertThat(CConstants.validDelta(112)).isFalse();
        assertThat(CConstants.validDelta(64)).isFalse();
        assertThat(CConstants.validDelta(120)).isFalse();
        assertThat(CConstants.validDelta(65)).isTrue();
    }

    @Test
    void stringsZipsAndOriginalData() {
        TpccRandom random = new TpccRandom(3, LOAD);
        int original = 0;
        int draws = 50_000;
        for (int i = 0; i < draws; i++) {
            String a = random.aString(8, 16);
            assertThat(a).hasSizeBetween(8, 16).matches("[A-Za-z0-9]+");
            assertThat(random.nString(16, 16)).matches("[0-9]{16}");
            assertThat(random.zip()).matches("[0-9]{4}11111");
            String data = random.data();
            assertThat(data).hasSizeBetween(26, 50);
            original += data.contains("ORIGINAL") ? 1 : 0;
        }
        // 10 %: 5,000 expected, sd about 67
        assertThat(original).isBetween(4_600, 5_400);
    }

    @Test
    void permutationHoldsEveryIdOnce() {
        int[] p = new TpccRandom(4, LOAD).permutation(3000);
        assertThat(p).hasSize(3000);
        assertThat(java.util.Arrays.stream(p).distinct().count()).isEqualTo(3000);
        assertThat(java.util.Arrays.stream(p).min().getAsInt()).isEqualTo(1);
        assertThat(java.util.Arrays.stream(p).max().getAsInt()).isEqualTo(3000);
    }

    @Test
    void sameSeedSameValues() {
        TpccRandom a = new TpccRandom(9, LOAD);
        TpccRandom b = new TpccRandom(9, LOAD);
        for (int i = 0; i < 100; i++) {
            assertThat(a.randomLastName()).isEqualTo(b.randomLastName());
        }
    }

    @Test
    void warehousesMustBePositive() {
        assertThatThrownBy(() -> TpccScale.checkWarehouses(0)).isInstanceOf(BadInputException.class)
                .hasMessage("warehouses (0) must be 1 to 10");
        assertThat(TpccScale.checkWarehouses(2)).isEqualTo(2);
    }
}
