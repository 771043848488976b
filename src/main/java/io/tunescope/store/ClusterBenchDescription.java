package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What measured a cluster comparison, as {@code cluster.json}'s {@code bench} shows it ({@link ClusterResult}): the
 * queueing simulation or the web shop's stack on this machine, each with the nodes failed on purpose
 * ({@code failAtMeasurement}: node name to the measurement it dies in, absent when none fails; a map because the
 * names are the tuning file's). The kinds are told apart on reading by {@code bench} ({@link Reader}, which the
 * property of this type names).
 */
public sealed interface ClusterBenchDescription permits ClusterBenchDescription.Simulated,
        ClusterBenchDescription.Shop {

    /** The {@code bench} of a {@link Simulated}. */
    String SIMULATED = "simulated";
    /** The {@code bench} of a {@link Shop}. */
    String SHOP = "shop";

    /** The node names failed on purpose, each with the measurement (from 1) it dies in; null when none fails. */
    Map<String, Integer> failAtMeasurement();

    /** This description with nodes failed on purpose. */
    ClusterBenchDescription failing(Map<String, Integer> failAtMeasurement);

    /**
     * The simulated bench: its model in words, the browsers and their think time, the noise in percent of each
     * line's WIPS, the seed of the noise, the service demands it was calibrated with and the number of nodes.
     */
    record Simulated(String bench, String model, int browsers, double thinkMillis, double noisePercent, long seed,
                     SimCalibration calibration, int nodes,
                     @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Integer> failAtMeasurement)
            implements ClusterBenchDescription {
        public Simulated {
            bench = SIMULATED;
            failAtMeasurement = sorted(failAtMeasurement);
        }

        @Override
        public Simulated failing(Map<String, Integer> failAt) {
            return new Simulated(bench, model, browsers, thinkMillis, noisePercent, seed, calibration, nodes, failAt);
        }
    }

    /**
     * The shop's stack: work lines, application nodes per line, the proxy in front of each line, the nodes, the
     * database, the load (mix, browsers, think-time scale), the store's size, how long populating it took, the
     * phases and the time limit of a measurement, and the seed.
     */
    record Shop(String bench, int lines, int appNodesPerLine, String proxy, List<String> nodes, String database,
                String mix, int browsers, double thinkScale, int items, int scaleDown, double populateSeconds,
                long rampUpMillis, long measureMillis, long rampDownMillis, long timeoutMillis, long seed,
                @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Integer> failAtMeasurement)
            implements ClusterBenchDescription {
        public Shop {
            bench = SHOP;
            nodes = nodes == null ? List.of() : List.copyOf(nodes);
            failAtMeasurement = sorted(failAtMeasurement);
        }

        @Override
        public Shop failing(Map<String, Integer> failAt) {
            return new Shop(bench, lines, appNodesPerLine, proxy, nodes, database, mix, browsers, thinkScale, items,
                    scaleDown, populateSeconds, rampUpMillis, measureMillis, rampDownMillis, timeoutMillis, seed,
                    failAt);
        }
    }

    private static Map<String, Integer> sorted(Map<String, Integer> byNode) {
        return byNode == null ? null : Collections.unmodifiableMap(new TreeMap<>(byNode));
    }

    /** Reads the kind {@code bench} names; null for a bench this version does not know. */
    final class Reader extends JsonDeserializer<ClusterBenchDescription> {
        @Override
        public ClusterBenchDescription deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode tree = ctxt.readTree(p);
            String bench = tree.path("bench").asText("");
            Class<? extends ClusterBenchDescription> kind = SIMULATED.equals(bench) ? Simulated.class
                    : SHOP.equals(bench) ? Shop.class : null;
            return kind == null ? null : TargetDescription.Reader.LENIENT.forType(kind).readValue(tree);
        }
    }
}
