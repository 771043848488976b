package io.tunescope.workload.micro;

import io.tunescope.BadInputException;
import io.tunescope.analysis.scale.PointResult;
import io.tunescope.engine.Engines;
import io.tunescope.engine.inprocess.ConnectionSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClosedLoopTest {
    private static final ConnectionSpec H2 = ConnectionSpec.inMemory(Engines.byId("h2"));

    @Test
    void measuresEveryIterationAndRecordsLatencies() throws Exception {
        ClosedLoop loop = new ClosedLoop(H2, "VALUES 1", new Timing(50, 100, 3));
        AtomicLong progress = new AtomicLong();
        PointRun run = loop.run(new PointRequest(PlanMode.SEPARATE, 2, null), progress::addAndGet);
        // on a starved machine one 100 ms iteration can complete nothing, so only the total must be positive
        assertThat(run.iterationOpsPerSec()).hasSize(3).allSatisfy(x -> assertThat(x).isNotNegative());
        assertThat(run.iterationOpsPerSec().stream().mapToDouble(Double::doubleValue).sum()).isPositive();
        assertThat(run.iterationCpuCores()).hasSize(3);
        assertThat(run.errors()).isZero();
        assertThat(run.histogram().getTotalCount()).isPositive();
        assertThat(run.threadStats()).hasSize(2);
        assertThat(progress.get()).isGreaterThanOrEqualTo(350);
        assertThat(Thread.getAllStackTraces().keySet())
                .noneMatch(t -> t.getName().startsWith(ClosedLoop.USER_THREAD_PREFIX) && t.isAlive());
    }

    @Test
    void separateModeGivesEachUserItsOwnSqlText() {
        assertThat(PlanMode.SEPARATE.sqlFor("VALUES 1", 0)).isNotEqualTo(PlanMode.SEPARATE.sqlFor("VALUES 1", 1));
        assertThat(PlanMode.SHARED.sqlFor("VALUES 1", 0)).isEqualTo(PlanMode.SHARED.sqlFor("VALUES 1", 1));
        assertThat(PlanMode.SEPARATE.sqlFor("VALUES 1 -- x", 3)).contains("\n/* tunescope user 3 */");
    }

    @Test
    void badStatementIsBadInput() {
        assertThatThrownBy(() -> StatementCheck.check(H2, "SELEC nothing", List.of(PlanMode.SHARED)))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("statement (SELEC nothing) fails on h2");
    }

    @Test
    void pointResultCombinesRunsWithAConfidenceInterval() throws Exception {
        ClosedLoop loop = new ClosedLoop(H2, "VALUES 1", new Timing(20, 50, 2));
        PointRun a = loop.run(new PointRequest(PlanMode.SHARED, 1, null), x -> { });
        PointRun b = loop.run(new PointRequest(PlanMode.SHARED, 1, null), x -> { });
        PointResult p = PointResult.of(List.of(a, b));
        assertThat(p.iterations()).isEqualTo(4);
        assertThat(p.runs()).isEqualTo(2);
        assertThat(p.ci95()[0]).isLessThanOrEqualTo(p.opsPerSec());
        assertThat(p.ci95()[1]).isGreaterThanOrEqualTo(p.opsPerSec());
        assertThat(p.latency().count()).isEqualTo(a.histogram().getTotalCount() + b.histogram().getTotalCount());
    }
}
