package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.util.List;
import java.util.Map;

/**
 * One line of a tuning session's journal ({@link TuningDir#journal()}): the {@link Session} header first, then one
 * {@link Trial} per completed trial. Each line is one JSON object whose {@code type} says which; a line of a type
 * this version does not know reads as null.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "type",
        defaultImpl = Void.class)
@JsonSubTypes({@JsonSubTypes.Type(value = JournalLine.Session.class, name = JournalLine.SESSION),
        @JsonSubTypes.Type(value = JournalLine.Trial.class, name = JournalLine.TRIAL)})
public sealed interface JournalLine permits JournalLine.Session, JournalLine.Trial {
    String SESSION = "session";
    String TRIAL = "trial";

    /** Which kind of line this is: written into the line, read back to choose the type. */
    @JsonProperty("type")
    String type();

    /** What a session is, checked when it is resumed: strategy, seed, direction and the search space as text. */
    @JsonPropertyOrder({"strategy", "seed", "direction", "space", "type"})
    record Session(String strategy, long seed, String direction, String space) implements JournalLine {
        @Override
        public String type() {
            return SESSION;
        }
    }

    /**
     * One completed trial: its configuration (a value per knob name), {@code status} ({@code ok} or
     * {@code failed}; older journals hold {@code OK} and {@code FAILED}), the aggregated objective (null
     * when it failed), the raw measurements, why it failed ({@code reason}, read from {@code error} in older journals),
     * whether it measured the default configuration, and how long it ran.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"type", "trial", "config", "status", "objective", "measurements", "reason", "isDefault",
            "elapsedMillis"})
    record Trial(int trial, Map<String, Object> config, String status, Double objective, List<Double> measurements,
                 @JsonAlias("error") String reason, boolean isDefault, long elapsedMillis) implements JournalLine {
        public Trial {
            config = config == null ? Map.of() : config;
            measurements = measurements == null ? List.of() : measurements;
        }

        @Override
        public String type() {
            return TRIAL;
        }
    }

    /** The line as compact JSON, without the line break. */
    default String toJson() {
        try {
            return Codec.WRITER.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a journal line cannot be written as JSON: " + e.getMessage(), e);
        }
    }

    /**
     * Reads one line; null when it is of a type this version does not know.
     *
     * @throws JsonProcessingException when the line is not JSON or not a journal line
     */
    static JournalLine parse(String line) throws JsonProcessingException {
        return Codec.READER.readValue(line);
    }

    /** The reader and writer of journal lines, configured once. */
    final class Codec {
        private static final ObjectWriter WRITER = Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);
        private static final ObjectReader READER = Json.MAPPER.readerFor(JournalLine.class);

        private Codec() {
        }
    }
}
