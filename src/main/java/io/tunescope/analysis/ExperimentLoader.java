package io.tunescope.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.BadInputException;
import io.tunescope.store.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an experiment directory written by {@code tunescope run PLAN.yaml}: the plan summary for the factors and
 * cells, and each finished cell's summary.json for its queries. A plain run directory reads as one cell.
 */
public final class ExperimentLoader {
    private ExperimentLoader() {
    }

    public static ExperimentData load(Path dir) {
        Path summary = dir.resolve("summary.json");
        if (!Files.isRegularFile(summary)) {
            throw BadInputException.of("DIR", dir, "has no summary.json: give a directory written by tunescope run");
        }
        JsonNode root = read(summary);
        if (!root.has("cells")) {
            return new ExperimentData(root.path("engine").asText("run"), Map.of(),
                    List.of(cell("base", Map.of(), 1, root)));
        }
        Map<String, List<String>> factors = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.path("factors").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            List<String> levels = new ArrayList<>();
            f.getValue().forEach(l -> levels.add(l.asText()));
            factors.put(f.getKey(), levels);
        }
        List<CellResult> cells = new ArrayList<>();
        for (JsonNode c : root.get("cells")) {
            Path cellSummary = dir.resolve("cells").resolve(c.get("id").asText()).resolve("summary.json");
            if (!c.path("status").asText().equals("done") || !Files.isRegularFile(cellSummary)) {
                continue;
            }
            Map<String, String> levels = new LinkedHashMap<>();
            c.path("levels").fields().forEachRemaining(e -> levels.put(e.getKey(), e.getValue().asText()));
            cells.add(cell(c.get("id").asText(), levels, c.path("repetition").asInt(1), read(cellSummary)));
        }
        if (cells.isEmpty()) {
            throw BadInputException.of("DIR", dir, "has no finished cells yet: run the plan first");
        }
        return new ExperimentData(root.path("plan").asText("plan"), factors, cells);
    }

    /** One cell: per query, counts and means pooled over tenants (weighted by successful executions). */
    static CellResult cell(String id, Map<String, String> levels, int repetition, JsonNode summary) {
        Map<String, List<JsonNode>> byQuery = new LinkedHashMap<>();
        for (JsonNode tenant : summary.path("tenants")) {
            for (JsonNode q : tenant.path("queries")) {
                if (q.hasNonNull("meanMillis")) {
                    byQuery.computeIfAbsent(q.get("query").asText(), k -> new ArrayList<>()).add(q);
                }
            }
        }
        Map<String, QueryMeasure> queries = new LinkedHashMap<>();
        byQuery.forEach((query, entries) -> queries.put(query, pooled(query, entries)));
        return new CellResult(id, levels, repetition, queries);
    }

    private static QueryMeasure pooled(String query, List<JsonNode> entries) {
        long count = 0;
        double responseSum = 0;
        Map<String, double[]> metricSums = new LinkedHashMap<>();
        double p95 = 0;
        Long rows = null;
        for (JsonNode q : entries) {
            long ok = Math.max(1, q.path("count").asLong() - q.path("errors").asLong());
            count += ok;
            responseSum += ok * q.get("meanMillis").asDouble();
            p95 = Math.max(p95, q.path("p95Millis").asDouble(0));
            rows = q.hasNonNull("rows") ? Long.valueOf(q.get("rows").asLong()) : rows;
            q.path("metrics").fields().forEachRemaining(e -> {
                if (e.getValue().isNumber()) {
                    double[] s = metricSums.computeIfAbsent(e.getKey(), k -> new double[2]);
                    s[0] += ok * e.getValue().asDouble();
                    s[1] += ok;
                }
            });
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        metricSums.forEach((k, s) -> metrics.put(k, s[0] / s[1]));
        return new QueryMeasure(query, count, responseSum / count, p95 > 0 ? p95 : null, rows, metrics);
    }

    private static JsonNode read(Path file) {
        try {
            return Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw BadInputException.of("summary", file, "is not readable JSON: " + e.getMessage());
        }
    }
}
