package io.tunescope.engine;

import io.tunescope.BadInputException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CpuListTest {
    @Test
    void parsesRangesAndSingles() {
        CpuList cpus = CpuList.parse("0-2,5", 8);
        assertThat(cpus.count()).isEqualTo(4);
        assertThat(cpus.tasksetPrefix()).containsExactly("taskset", "-c", "0-2,5");
    }

    @Test
    void oneListForAllTenantsOrOnePerTenant() {
        assertThat(CpuList.perTenant("0-1", 3, 2)).extracting(CpuList::text).containsExactly("0-1", "0-1", "0-1");
        assertThat(CpuList.perTenant("0/1", 2, 2)).extracting(CpuList::text).containsExactly("0", "1");
        assertThatThrownBy(() -> CpuList.perTenant("0/1/0", 2, 2)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("one per tenant (2)");
    }

    @Test
    void rejectsCpusTheMachineDoesNotHaveAndMalformedLists() {
        assertThatThrownBy(() -> CpuList.parse("0-3", 2)).isInstanceOf(BadInputException.class)
                .hasMessage("cpus (0-3) names CPU 3 but this machine has CPUs 0-1");
        for (String bad : List.of("", "a", "3-1", "-1", "1-2-3", "0,,1")) {
            assertThatThrownBy(() -> CpuList.parse(bad, 8)).as(bad).isInstanceOf(BadInputException.class);
        }
    }
}
