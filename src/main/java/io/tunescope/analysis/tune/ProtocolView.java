package io.tunescope.analysis.tune;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the report shows of a session's trial protocol, read from {@code summary.json}: the mode, the noise the
 * default's repeated measurements showed, each race's decision and the unstable configurations with their spread.
 * A session that has not finished (no summary) or measured by the single protocol has no noise, races or unstable
 * configurations.
 */
public record ProtocolView(String mode, Integer measurements, Noise noise, List<Race> races,
                           List<Unstable> unstable) {
    public ProtocolView {
        races = List.copyOf(races);
        unstable = List.copyOf(unstable);
    }

    /** The noise phase's estimate: measurements of the default, their coefficient of variation and drift. */
    public record Noise(int measurements, double mean, double cvPercent, double driftPercentPerMeasurement) {
    }

    /**
     * One race: the candidate trial, the incumbent it raced, its measurements, its paired slices, the decision, and
     * the gain with its interval where two pairs or more gave one (null otherwise).
     */
    public record Race(int trial, Integer against, int measurements, Integer pairs, String decision,
                       Double gainPercent, List<Double> gainInterval) {
    }

    /** A configuration flagged unstable: its measurements' spread against the default's. */
    public record Unstable(int trial, Map<String, Object> config, List<Double> measurements, Double cvPercent,
                           Double defaultCvPercent) {
    }

    /** The protocol as {@code summary} records it, or null when there is no summary (the session did not finish). */
    public static ProtocolView read(Path summary) throws IOException {
        if (!Files.isRegularFile(summary)) {
            return null;
        }
        return of(Json.MAPPER.readTree(summary.toFile()));
    }

    static ProtocolView of(JsonNode s) {
        String mode = s.path("protocol").path("mode").asText("single");
        JsonNode n = s.path("noise");
        Noise noise = n.isObject() ? new Noise(n.path("measurements").asInt(), n.path("mean").asDouble(),
                n.path("cvPercent").asDouble(), n.path("driftPercentPerMeasurement").asDouble()) : null;
        List<Race> races = new ArrayList<>();
        for (JsonNode r : s.path("races")) {
            List<Double> interval = new ArrayList<>();
            r.path("gainInterval").forEach(v -> interval.add(v.asDouble()));
            races.add(new Race(r.path("trial").asInt(), intOrNull(r.path("against")), r.path("measurements").asInt(),
                    intOrNull(r.path("pairs")), r.path("decision").asText(), doubleOrNull(r.path("gainPercent")),
                    interval.isEmpty() ? null : interval));
        }
        List<Unstable> unstable = new ArrayList<>();
        for (JsonNode u : s.path("unstable")) {
            List<Double> values = new ArrayList<>();
            u.path("measurements").forEach(v -> values.add(v.asDouble()));
            Map<String, Object> config = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : u.path("config").properties()) {
                config.put(e.getKey(), e.getValue().isNumber() ? e.getValue().numberValue() : e.getValue().asText());
            }
            unstable.add(new Unstable(u.path("trial").asInt(), config, values, doubleOrNull(u.path("cvPercent")),
                    doubleOrNull(u.path("defaultCvPercent"))));
        }
        return new ProtocolView(mode, intOrNull(s.path("measurements")), noise, races, unstable);
    }

    private static Integer intOrNull(JsonNode n) {
        return n.isNumber() ? n.asInt() : null;
    }

    private static Double doubleOrNull(JsonNode n) {
        return n.isNumber() ? n.asDouble() : null;
    }
}
