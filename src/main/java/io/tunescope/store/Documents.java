package io.tunescope.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The header every JSON document tunescope writes starts with: {@code schemaVersion}, {@code type} (what the document
 * is: {@code run}, {@code plan}, {@code tuning}, {@code shop}, {@code capacity}, {@code cluster}, {@code monitor},
 * {@code best}, ...), and the build that wrote it ({@code tunescopeVersion}, {@code tunescopeCommit}). {@link Json}
 * adds it to every object it writes to a file, so no writer has to remember; a reader that knows its type (records
 * read by {@link Json#read}) skips it.
 */
public final class Documents {

    /** Raised when a document's existing fields change meaning or go away; new fields do not raise it. */
    public static final int SCHEMA_VERSION = 1;
    public static final List<String> HEADER = List.of("schemaVersion", "type", "tunescopeVersion", "tunescopeCommit");

    /** Documents whose type their value's class tells (every file name they are written under). */
    private static final Map<String, String> BY_CLASS = Map.ofEntries(
            Map.entry("RunSummary", "run"),
            Map.entry("PlanSummary", "plan"),
            Map.entry("TuningSummary", "tuning"),
            Map.entry("ShopSummary", "shop"),
            Map.entry("ReconfigureSummary", "reconfigure"),
            Map.entry("ScaleSummary", "scale"),
            Map.entry("CapacitySummary", "capacity"),
            Map.entry("ClusterResult", "cluster"),
            Map.entry("BestSoFar", "best"),
            Map.entry("CrossApplyMatrix", "matrix"),
            Map.entry("StudyReference", "study"),
            Map.entry("ReconfigurationRecord", "reconfiguration"),
            Map.entry("PreparedManifest", "prepared-data"),
            Map.entry("ShopStackState", "shop-stack"),
            Map.entry("MonitorReport", "monitor-threads"),
            Map.entry("LineTunerSpec", "line-tuner"));

    /** Documents whose file name tells their type (the names are {@link ResultsDir}'s and its siblings'). */
    private static final Map<String, String> BY_FILE = Map.ofEntries(
            Map.entry("best.json", "best"),
            Map.entry("matrix.json", "matrix"),
            Map.entry("cluster.json", "cluster"),
            Map.entry("capacity.json", "capacity"),
            Map.entry("reconfiguration.json", "reconfiguration"),
            Map.entry("study.json", "study"),
            Map.entry("plan.json", "plan-resolved"),
            Map.entry("monitor.json", "monitor-threads"),
            Map.entry("sampling-error.json", "sampling-error"),
            Map.entry("stack-config.json", "shop-stack-config"),
            Map.entry("stack.json", "shop-stack"),
            Map.entry("agent.json", "agent"));

    private Documents() {
    }

    /**
     * {@code value} as a JSON tree with the header first; a value that is not a JSON object (a list, a number) is
     * returned as it is, having no place for one.
     */
    public static JsonNode stamped(Path file, Object value) {
        JsonNode tree = Json.MAPPER.valueToTree(value);
        if (!(tree instanceof ObjectNode body)) {
            return tree;
        }
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("schemaVersion", SCHEMA_VERSION);
        out.put("type", typeOf(file, value, body));
        out.put("tunescopeVersion", BuildInfo.CURRENT.version());
        out.put("tunescopeCommit", BuildInfo.CURRENT.commit());
        for (Map.Entry<String, JsonNode> e : body.properties()) {
            if (!HEADER.contains(e.getKey())) {
                out.set(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    /** {@code tree} without the header, to compare a document's content with another's. */
    public static JsonNode withoutHeader(JsonNode tree) {
        if (!(tree instanceof ObjectNode object)) {
            return tree;
        }
        ObjectNode copy = object.deepCopy();
        copy.remove(HEADER);
        return copy;
    }

    static String typeOf(Path file, Object value, ObjectNode body) {
        String name = file.getFileName().toString();
        if (value instanceof ObjectNode tree && tree.path("type").isTextual() && tree.has("schemaVersion")) {
            return tree.path("type").asText();   // a document stamped already, written again with more fields
        }
        if (BY_FILE.containsKey(name)) {
            return BY_FILE.get(name);
        }
        String byClass = BY_CLASS.get(value.getClass().getSimpleName());
        if (byClass != null) {
            return byClass;
        }
        // the summaries built as maps say who wrote them
        if ("tunescope tune".equals(body.path("tool").asText())) {
            return "tuning";
        }
        if ("monitor".equals(body.path("command").asText())) {
            return "monitor";
        }
        if (body.has("results") && body.has("plan")) {
            return "tune-bench";
        }
        return name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
    }
}
