package io.tunescope.store;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Any summary document as tables: its numbers by path, a table per list of objects, lists across documents. */
class SummaryTablesTest {
    static JsonNode document() throws Exception {
        return Json.MAPPER.readTree("""
                {"wips": 12.5, "complete": true, "errorsByKind": {"timeout": 3},
                 "tenants": [{"name": "t1", "throughput": 2,
                              "queries": [{"query": "Q1", "p95Millis": 10.5, "knobs": {"a": 1}}]},
                             {"name": "t2", "throughput": 3.5,
                              "queries": [{"query": "Q6", "p95Millis": 4, "tags": ["x", "y"]}]}]}
                """);
    }

    @Test
    void numbersBecomeFiguresByTheirPath() throws Exception {
        ResultsTable.Rows figures = (ResultsTable.Rows) SummaryTables.of(document()).get(0);
        assertThat(figures.name()).isEqualTo("figures");
        assertThat(figures.rows()).containsExactly(List.of("wips", 12.5), List.of("errorsByKind.timeout", 3.0),
                List.of("tenants[0].throughput", 2.0), List.of("tenants[0].queries[0].p95Millis", 10.5),
                List.of("tenants[0].queries[0].knobs.a", 1.0), List.of("tenants[1].throughput", 3.5),
                List.of("tenants[1].queries[0].p95Millis", 4.0));
    }

    @Test
    void listsOfObjectsBecomeTablesWithTheirParentsTextFields() throws Exception {
        List<ResultsTable> tables = SummaryTables.of(document());
        assertThat(tables).extracting(ResultsTable::name).containsExactly("figures", "tenants", "tenants_queries");
        ResultsTable.Rows queries = (ResultsTable.Rows) tables.get(2);
        assertThat(queries.columns()).containsExactly("tenants_name", "query", "p95_millis", "knobs_a", "tags");
        assertThat(queries.rows()).containsExactly(Arrays.asList("t1", "Q1", 10.5, 1L, null),
                Arrays.asList("t2", "Q6", 4L, null, "[\"x\",\"y\"]"));
        ResultsTable.Rows tenants = (ResultsTable.Rows) tables.get(1);
        assertThat(tenants.columns()).containsExactly("name", "throughput");
    }

    @Test
    void documentsOfOneKindShareTablesWithAnIdColumn() throws Exception {
        Map<String, JsonNode> docs = new LinkedHashMap<>();
        docs.put("c1", document());
        docs.put("c2", Json.MAPPER.readTree("{\"wips\": 7}"));
        List<ResultsTable> tables = SummaryTables.across("cells", "cell", docs);
        assertThat(tables).extracting(ResultsTable::name)
                .containsExactly("cells_figures", "cells_tenants", "cells_tenants_queries");
        ResultsTable.Rows figures = (ResultsTable.Rows) tables.get(0);
        assertThat(figures.columns()).containsExactly("cell", "path", "value");
        assertThat(figures.rows()).hasSize(8).last().isEqualTo(List.of("c2", "wips", 7.0));
    }

    @Test
    void identifiersAreSnakeCaseOfLettersDigitsAndUnderscores() {
        assertThat(ResultsTable.identifier("p90Millis")).isEqualTo("p90_millis");
        assertThat(ResultsTable.identifier("a\"; DROP TABLE x; --")).matches("[a-z0-9_]+").startsWith("a_");
        assertThat(ResultsTable.identifier("90th")).isEqualTo("_90th");
        assertThat(new ResultsTable.Rows("t", List.of("aB", "a_b"), List.of()).columns()).containsExactly("a_b", "a_b_2");
    }
}
