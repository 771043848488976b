package io.tunescope.store;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tables any summary document gives, whatever command wrote it, so that every results directory answers the
 * same SQL: {@code figures} (every number of the document, by its JSON path, as {@code tenants[0].throughput}) and
 * one table per list of objects (named by its path without indexes: {@code interactions}, {@code tenants_queries}),
 * a row per element with its scalar fields as columns (an object of scalars inside an element flattens into
 * {@code field_key} columns) and, for a list inside a list, the text fields of the enclosing elements
 * ({@code tenants_name}) so that a row says where it belongs. A pure function of the document.
 */
public final class SummaryTables {
    public static final String FIGURES = "figures";

    private SummaryTables() {
    }

    /** The figures table first, then a table per list of objects, in the order the document holds them. */
    public static List<ResultsTable> of(JsonNode document) {
        List<List<Object>> figures = new ArrayList<>();
        collectFigures(document, "", figures);
        List<ResultsTable> tables = new ArrayList<>();
        tables.add(new ResultsTable.Rows(FIGURES, List.of("path", "value"), figures));
        Map<String, Builder> lists = new LinkedHashMap<>();
        collectLists(document, "", Map.of(), lists);
        for (Builder b : lists.values()) {
            tables.add(b.table());
        }
        return tables;
    }

    /**
     * The tables of several summaries of one kind (a plan's cells, a capacity curve's levels) as one set, so that one
     * query spans them: each table of {@link #of} named {@code PREFIX_TABLE} ({@code cells_figures},
     * {@code cells_tenants_queries}), its rows from every document with {@code idColumn} first saying whose they are.
     */
    public static List<ResultsTable> across(String prefix, String idColumn, Map<String, JsonNode> documents) {
        Map<String, Builder> merged = new LinkedHashMap<>();
        documents.forEach((id, document) -> {
            for (ResultsTable t : of(document)) {
                ResultsTable.Rows rows = (ResultsTable.Rows) t;
                Builder b = merged.computeIfAbsent(prefix + "_" + rows.name(), Builder::new);
                for (List<Object> values : rows.rows()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put(idColumn, id);
                    for (int i = 0; i < values.size(); i++) {
                        row.put(rows.columns().get(i), values.get(i));
                    }
                    b.add(row);
                }
            }
        });
        return merged.values().stream().map(b -> (ResultsTable) b.table()).toList();
    }

    private static void collectFigures(JsonNode node, String path, List<List<Object>> rows) {
        if (node.isNumber()) {
            rows.add(List.of(path, node.asDouble()));
        } else if (node.isObject()) {
            node.properties().forEach(e -> collectFigures(e.getValue(),
                    path.isEmpty() ? e.getKey() : path + "." + e.getKey(), rows));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collectFigures(node.get(i), path + "[" + i + "]", rows);
            }
        }
    }

    private static void collectLists(JsonNode node, String tablePath, Map<String, Object> context,
                                     Map<String, Builder> lists) {
        if (node.isObject()) {
            node.properties().forEach(e -> collectLists(e.getValue(),
                    tablePath.isEmpty() ? e.getKey() : tablePath + "_" + e.getKey(), context, lists));
            return;
        }
        if (!node.isArray() || node.isEmpty() || !allObjects(node)) {
            return;
        }
        Builder table = lists.computeIfAbsent(ResultsTable.identifier(tablePath), Builder::new);
        for (JsonNode element : node) {
            Map<String, Object> row = new LinkedHashMap<>(context);
            Map<String, Object> inner = new LinkedHashMap<>(context);
            element.properties().forEach(e -> {
                JsonNode v = e.getValue();
                if (v.isValueNode()) {
                    row.put(e.getKey(), scalar(v));
                    if (v.isTextual()) {
                        inner.put(tablePath + "_" + e.getKey(), v.asText());
                    }
                } else if (v.isObject() && allScalars(v)) {
                    v.properties().forEach(f -> row.put(e.getKey() + "_" + f.getKey(), scalar(f.getValue())));
                } else if (v.isArray() && allScalars(v)) {
                    row.put(e.getKey(), v.toString());
                }
            });
            table.add(row);
            element.properties().forEach(e -> {
                if (e.getValue().isContainerNode() && !allScalars(e.getValue())) {
                    collectLists(e.getValue(), tablePath + "_" + e.getKey(), inner, lists);
                }
            });
        }
    }

    private static boolean allObjects(JsonNode array) {
        for (JsonNode e : array) {
            if (!e.isObject()) {
                return false;
            }
        }
        return true;
    }

    private static boolean allScalars(JsonNode container) {
        for (JsonNode e : container) {
            if (!e.isValueNode()) {
                return false;
            }
        }
        return true;
    }

    private static Object scalar(JsonNode v) {
        if (v.isNull()) {
            return null;
        }
        if (v.isBoolean()) {
            return v.asBoolean();
        }
        if (v.isIntegralNumber()) {
            return v.asLong();
        }
        return v.isNumber() ? (Object) v.asDouble() : v.asText();
    }

    /** Rows whose columns are the union of their fields, in first-seen order; a field a row lacks is null. */
    private static final class Builder {
        private final String name;
        private final Set<String> columns = new LinkedHashSet<>();
        private final List<Map<String, Object>> rows = new ArrayList<>();

        Builder(String name) {
            this.name = name;
        }

        void add(Map<String, Object> row) {
            columns.addAll(row.keySet());
            rows.add(row);
        }

        ResultsTable.Rows table() {
            List<String> names = new ArrayList<>(columns);
            List<List<Object>> values = new ArrayList<>();
            for (Map<String, Object> row : rows) {
                List<Object> r = new ArrayList<>();
                for (String c : names) {
                    r.add(row.get(c));
                }
                values.add(r);
            }
            return new ResultsTable.Rows(name, names, values);
        }
    }
}
