package io.tunescope.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SummaryDocumentTest {
    static final RunEnvironment ENVIRONMENT = new RunEnvironment("17.0.15", "OpenJDK 64-Bit Server VM 17", "Linux",
            "6.1", "amd64", 2, "AMD EPYC", 1L << 30, "abc123", "host", "2026-01-01T00:00:00Z");

    static RunSummary run() {
        QueryMetricsMean metrics = new QueryMetricsMean(3, 12.5, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null);
        RunConfigEcho config = new RunConfigEcho("duckdb", "jdbc:duckdb:", null, 0.01, null, 1, 2, "sequence", 0,
                null, 1, 0, null, true, 42, false, null, null, true, 1, null, null, List.of(),
                Map.of("memory_limit", "1GB"));
        RunSummary.QuerySummary q1 = new RunSummary.QuerySummary("Q1", 10, 1, 1.5, 1.0, 2.0, 3.0, 4.0, 7L, true, null,
                null);
        RunSummary.QuerySummary q2 = new RunSummary.QuerySummary("Q2", 2, 2, null, null, null, null, null, null, false,
                "row 1 differs", metrics);
        return new RunSummary(true, null, "duckdb", "v1.4.4", 0.01, 42, "2026-01-01T00:00:00Z", 1234, config,
                ENVIRONMENT, List.of(new RunSummary.TenantSummary("t1", List.of(12L, 13L), "0-1", 3.5, 12, 3, 2.0,
                new RunSummary.LoadSummary(86_000, 2_000, 5), List.of(q1, q2))));
    }

    @Test
    void aRunSummaryReadsBackAsTheRecordThatWroteIt(@TempDir Path dir) throws Exception {
        RunSummary written = run();
        Path file = ResultsDir.of(dir).summary();
        Json.writeAtomically(file, written);
        SummaryDocument back = SummaryDocument.read(file);
        assertThat(back).isInstanceOf(RunSummary.class);
        assertThat(Json.toJson(Documents.stamped(file, back))).isEqualTo(Files.readString(file));
        RunSummary run = RunSummary.read(file);
        assertThat(run.tenants().get(0).queries().get(0)).isEqualTo(written.tenants().get(0).queries().get(0));
        assertThat(run.environment()).isEqualTo(ENVIRONMENT);
        assertThat(run.config()).isEqualTo(written.config());
        assertThat(Files.readString(file)).contains("\"durationMillis\" : null").doesNotContain("warehouses")
                .doesNotContain("serverSettings").contains("\"memory_limit\" : \"1GB\"");
        assertThat(run.tenants().get(0).queries().get(1).numericMetrics())
                .containsExactly(Map.entry("executions", 3.0), Map.entry("responseMillis", 12.5));
    }

    @Test
    void exactMetricsAndTheMonitorObjectReadBack(@TempDir Path dir) throws Exception {
        RunSummary plain = run();
        QueryMetricsMean sampled = new QueryMetricsMean(1, 10.0, 9.0, 2.0, null, null, null, 5.0, null, null, null,
                null, null, null, null, 1.0);
        QueryMetricsMean exact = new QueryMetricsMean(1, 10.0, 8.5, 2.0, null, null, null, 4.9, null, null, null,
                null, null, null, null, 1.0);
        RunSummary.TenantSummary t = plain.tenants().get(0);
        RunSummary written = new RunSummary(true, null, "duckdb", "v1.4.4", 0.01, 42, "2026-01-01T00:00:00Z", 1234,
                plain.config(), ENVIRONMENT, List.of(new RunSummary.TenantSummary(t.name(), t.pids(), t.cpus(),
                t.throughputPerSec(), t.executions(), t.errors(), t.measureSeconds(), t.load(),
                List.of(t.queries().get(0).withMetrics(sampled.withExact(exact))))),
                new MonitorSummary("exact", null, 1796L, 0L, true, new MonitorSummary.SchedstatAgreement(16, 390.5,
                        390.0, 0.12, 2, 0, 20, 0.26, 12293, true)));
        Path file = ResultsDir.of(dir).summary();
        Json.writeAtomically(file, written);
        RunSummary back = RunSummary.read(file);
        assertThat(back).isEqualTo(written);
        assertThat(back.tenants().get(0).queries().get(0).metrics().exact().workerCpuMillis()).isEqualTo(4.9);
        assertThat(back.tenants().get(0).queries().get(0).numericMetrics()).as("exact is an object, not a metric")
                .doesNotContainKey("exact").containsEntry("workerCpuMillis", 5.0);
        assertThat(Files.readString(file)).doesNotContain("\"exact\" : null");
        assertThat(Json.toJson(run())).as("an unmonitored run has no monitor object").doesNotContain("\"monitor\"");
    }

    @Test
    void aPlanSummaryReadsBackAsPlanSummary(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("summary.json");
        Files.writeString(file, """
                {"plan": "p", "complete": false, "failure": "stopped", "cellsTotal": 2, "cellsDone": 1,
                 "cellsFailed": 0, "cellsSkippedAsDone": 0, "wallMillis": 99, "seed": 7, "randomOrder": true,
                 "smt": "off", "monitor": "every 8 ms", "base": {"engine": "duckdb"},
                 "factors": {"users": ["1", "4"]}, "repetitions": 1, "environment": {"cpuCount": 2},
                 "cells": [{"id": "users-1_r1", "scenario": "users=1", "levels": {"users": "1"}, "repetition": 1,
                            "status": "done", "wallMillis": 5, "problem": null},
                           {"id": "users-4_r1", "scenario": "users=4", "levels": {"users": "4"}, "repetition": 1,
                            "status": "pending", "wallMillis": null, "problem": null}],
                 "addedByANewerVersion": 1}
                """);
        PlanSummary plan = (PlanSummary) SummaryDocument.read(file);
        assertThat(plan.plan()).isEqualTo("p");
        assertThat(plan.cellsTotal()).isEqualTo(2);
        assertThat(plan.factors()).containsExactly(Map.entry("users", List.of("1", "4")));
        assertThat(plan.cells()).extracting(PlanSummary.CellSummary::done).containsExactly(true, false);
        assertThat(plan.cells().get(0).levels()).containsExactly(Map.entry("users", "1"));
        assertThat(plan.environment().cpuCount()).isEqualTo(2);
        assertThatThrownBy(() -> RunSummary.read(file)).hasMessageContaining("is not the summary of a run");
    }

    @Test
    void aSummaryOfAnotherCommandIsNeitherARunNorAPlan(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("summary.json");
        Files.writeString(file, "{\"tool\": \"tunescope tune\", \"seed\": 1, \"wallSeconds\": 2.0}");
        assertThatThrownBy(() -> SummaryDocument.read(file)).isInstanceOf(java.io.IOException.class);
    }
}
