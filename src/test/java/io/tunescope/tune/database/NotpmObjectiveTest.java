package io.tunescope.tune.database;

import io.tunescope.BadInputException;
import io.tunescope.store.RunSummary;
import io.tunescope.store.TransactionMix;
import io.tunescope.tune.session.Direction;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NotpmObjectiveTest {
    @Test
    void notpmIsParsedAndMaximized() {
        Objective notpm = Objective.parse("NOTPM");
        assertThat(notpm.kind()).isEqualTo(Objective.Kind.NOTPM);
        assertThat(notpm.direction()).isEqualTo(Direction.MAXIMIZE);
        assertThat(notpm.name()).isEqualTo("notpm");
        assertThat(Objective.parse("tpmC").kind()).isEqualTo(Objective.Kind.NOTPM);
        assertThatThrownBy(() -> Objective.parse("tpm")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("notpm");
    }

    @Test
    void notpmSumsTheTenantsAndNeedsTpcc() {
        RunSummary tpcc = summary(tenant("t1", 1200.0), tenant("t2", 800.0));
        assertThat(TrialObjective.notpm(tpcc).value()).isEqualTo(2000.0);
        RunSummary tpch = summary(new RunSummary.TenantSummary("t1", List.of(), null, 3.0, 10, 0, 5, null,
                List.of()));
        assertThat(TrialObjective.notpm(tpch).value()).isNull();
        assertThat(TrialObjective.notpm(tpch).reason()).contains("needs workload tpcc");
    }

    private static RunSummary.TenantSummary tenant(String name, double notpm) {
        TransactionMix mix = new TransactionMix(notpm, notpm, 10, List.of(new TransactionMix.Transaction(
                "NewOrder", 10, 9, 45, 0.9, 1.0, 2.0, 3.0, Map.of("02000", 1L))));
        return new RunSummary.TenantSummary(name, List.of(), null, 3.0, 10, 1, 10, null, List.of(), mix);
    }

    private static RunSummary summary(RunSummary.TenantSummary... tenants) {
        return new RunSummary(true, null, "postgres", "16", 1, 1, "2026-01-01T00:00:00Z", 1000, null, null,
                List.of(tenants));
    }
}
