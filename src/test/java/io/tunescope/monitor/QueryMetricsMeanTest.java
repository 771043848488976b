package io.tunescope.monitor;

import io.tunescope.store.QueryMetricsMean;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class QueryMetricsMeanTest {
    @Test
    void meansSkipUnmeasuredExecutions() {
        QueryMetrics a = new QueryMetrics(10, 8.0, 2, 1.0, 4L, 3L, 6.0, null, 1L, 1L, 100L, 5L, 5L, 2.0, 1);
        QueryMetrics b = new QueryMetrics(20, 16.0, 1, null, 2L, 1L, 10.0, 40.0, 3L, 0L, 300L, 2L, 0L, 4.0, 1);
        QueryMetricsMean m = QueryMetrics.meanOf(List.of(a, b));
        assertThat(m.executions()).isEqualTo(2);
        assertThat(m.responseMillis()).isCloseTo(15.0, within(1e-9));
        assertThat(m.activeWorkers()).isCloseTo(1.5, within(1e-9));
        assertThat(m.rsRatio()).isCloseTo(1.0, within(1e-9));
        assertThat(m.totalCpuMillis()).isCloseTo(40.0, within(1e-9));
        assertThat(m.workerCpuMillis()).isCloseTo(8.0, within(1e-9));
        assertThat(m.runDelayMillis()).isCloseTo(3.0, within(1e-9));
    }
}
