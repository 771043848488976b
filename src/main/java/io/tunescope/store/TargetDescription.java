package io.tunescope.store;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.util.NameTransformer;

import java.io.IOException;
import java.util.List;

/**
 * What a tuning session tuned, as its {@code summary.json} shows it beside the search settings (at the document's
 * top level, {@link TuningSummary}) and a tuning file with {@code workloads:} shows the shop's stack
 * ({@link WorkloadsSummary}): an external command, a database running a workload, the web shop's stack, or one work
 * line of a cluster tuned by its own process. The kinds are told apart on reading by the keys each has alone
 * ({@code command}; {@code target}; {@code engine}, which is {@code shop} for the shop) by {@link Reader}, which a
 * property of this type names ({@code @JsonDeserialize(using = TargetDescription.Reader.class)}). The search settings
 * ({@code repeats}, {@code timeoutMillis}) are the summary's, not the target's.
 */
public sealed interface TargetDescription permits TargetDescription.Command, TargetDescription.Database,
        TargetDescription.Shop, TargetDescription.ClusterLine {

    /** The engine {@link Shop} names. */
    String SHOP = "shop";
    /** The {@code target} a {@link ClusterLine} names. */
    String CLUSTER_LINE = "cluster-line";

    /** An external command, run with each configuration. */
    record Command(List<String> command) implements TargetDescription {
    }

    /**
     * A database running a workload: the engine's id, the workload, its size and users, warm-up, the measured time
     * (null: {@code iterations} counts instead), the cool-down, the objective and whether the server lives for the
     * session or one trial.
     */
    record Database(String engine, String workload, double scaleFactor, int users, int warmupIterations,
                    Long measureMillis, Integer iterations, long cooldownMillis, String objective, String server)
            implements TargetDescription {
    }

    /** The web shop's stack: mix, browsers, store size, database, tiers and the stack's lifetime, phases, objective. */
    record Shop(String engine, String mix, int browsers, double thinkScale, int items, int scaleDown, String database,
                int appNodes, String proxy, String stack, long rampUpMillis, long measureMillis, long rampDownMillis,
                String objective) implements TargetDescription {
        public Shop {
            engine = SHOP;
        }
    }

    /** One work line of a cluster comparison, measured in rounds its controller posts and answers. */
    record ClusterLine(String target, String comparison, String line, long roundTimeoutSeconds)
            implements TargetDescription {
        public ClusterLine {
            target = CLUSTER_LINE;
        }
    }

    /** The kind {@code tree} holds, read as that kind; null when it holds none (a target that described nothing). */
    static TargetDescription of(JsonNode tree) throws IOException {
        Class<? extends TargetDescription> kind = tree.has("command") ? Command.class
                : CLUSTER_LINE.equals(tree.path("target").asText(null)) ? ClusterLine.class
                : SHOP.equals(tree.path("engine").asText(null)) ? Shop.class
                : tree.path("engine").isTextual() ? Database.class : null;
        return kind == null ? null : Reader.LENIENT.forType(kind).readValue(tree);
    }

    /**
     * Reads the kind from the keys present; as the unwrapped part of a summary it is given the whole document, whose
     * other keys it leaves to the summary.
     */
    final class Reader extends JsonDeserializer<TargetDescription> {
        static final ObjectReader LENIENT = Json.MAPPER.reader()
                .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

        @Override
        public TargetDescription deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return of(ctxt.readTree(p));
        }

        /** Unwrapped, the same reader: the keys are the document's own, with no prefix to take off. */
        @Override
        public JsonDeserializer<TargetDescription> unwrappingDeserializer(NameTransformer unwrapper) {
            return new Reader();
        }
    }
}
