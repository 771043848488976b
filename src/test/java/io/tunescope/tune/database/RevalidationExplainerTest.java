package io.tunescope.tune.database;

import io.tunescope.store.Revalidated;
import io.tunescope.store.VerdictExplanation;
import io.tunescope.store.VerdictExplanation.Pair;
import io.tunescope.store.VerdictExplanation.QueryDifference;
import io.tunescope.tune.command.TuningFile;
import io.tunescope.tune.command.TuningFileParser;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.Revalidation;
import io.tunescope.tune.target.TuningTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The verdict explained: re-validation runs of a database monitored, and where default and best differ. */
class RevalidationExplainerTest {
    @Test
    void monitoredRevalidationRunsOfDuckDbAreExplainedPerQueryAndPerThreadRole(@TempDir Path dir) throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), """
                target: {engine: duckdb, workload: "single:Q1", scaleFactor: 0.01, warmupIterations: 0,
                         iterations: 4, objective: p50}
                budget: 2
                parameters:
                  - name: threads
                    max: 2
                """);
        DatabaseTarget target = new DatabaseTarget(f.target());
        Configuration one = f.space().configuration(Map.of("threads", 1));
        Configuration two = f.space().configuration(Map.of("threads", 2));
        Path logs = dir.resolve("revalidate");
        java.nio.file.Files.createDirectories(logs);
        Revalidated r = Revalidation.run(target.forRevalidation(), one, two, 2, Direction.MINIMIZE, logs);
        assertThat(r.failedRuns()).isZero();

        VerdictExplanation e = target.explain(logs).orElseThrow();
        assertThat(e.defaultRuns()).isEqualTo(2);
        assertThat(e.bestRuns()).isEqualTo(2);
        assertThat(e.queries()).extracting(QueryDifference::query).containsExactly("Q1");
        QueryDifference q1 = e.queries().get(0);
        assertThat(q1.responseMillis().defaultValue()).isPositive();
        assertThat(q1.responseMillis().bestValue()).isPositive();
        // per execution a short query's CPU may round to 0 (clock ticks); that the metric exists shows the monitor ran
        assertThat(q1.workerCpuMillis().defaultValue()).as("the monitor attributed the executions").isNotNull();
        assertThat(q1.runDelayMillis().bestValue()).isNotNull();
        assertThat(e.roles()).as("thread roles of the tenant").isNotEmpty();
        assertThat(e.roles()).anySatisfy(role -> assertThat(role.cpuCores().defaultValue()).isPositive());
        assertThat(e.findings()).isNotEmpty();
        assertThat(new DatabaseTarget(f.target()).explain(dir.resolve("nothing-here"))).isEmpty();
    }

    @Test
    void aDifferenceMadeOfRunQueueDelayIsTheMachineAndOneMadeOfCpuIsTheWork() {
        QueryDifference waiting = new QueryDifference("Q1", Pair.of(100.0, 80.0), Pair.of(50.0, 49.0),
                Pair.of(30.0, 12.0), Pair.of(2.0, 2.0));
        assertThat(ExplanationFindings.cause(List.of(waiting))).get().asString()
                .contains("-20.0 ms (-20.0 %)").contains("-18.0 ms of it run-queue delay").contains("waiting for a CPU");
        QueryDifference working = new QueryDifference("Q1", Pair.of(100.0, 80.0), Pair.of(60.0, 44.0),
                Pair.of(10.0, 9.0), Pair.of(2.0, 2.0));
        assertThat(ExplanationFindings.cause(List.of(working))).get().asString()
                .contains("-16.0 ms of it worker CPU").contains("in the work");
        QueryDifference offCpu = new QueryDifference("Q1", Pair.of(100.0, 80.0), Pair.of(60.0, 58.0),
                Pair.of(10.0, 9.0), Pair.of(2.0, 2.0));
        assertThat(ExplanationFindings.cause(List.of(offCpu))).get().asString().contains("time off CPU");
        QueryDifference same = new QueryDifference("Q1", Pair.of(100.0, 98.0), Pair.of(60.0, 44.0),
                Pair.of(10.0, 9.0), Pair.of(2.0, 2.0));
        assertThat(ExplanationFindings.cause(List.of(same))).isEmpty();
        assertThat(ExplanationFindings.of(List.of(same), List.of())).first().asString()
                .startsWith("No query's mean response time differs by 5 %");
    }
}
