package io.tunescope.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.tunescope.BadInputException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One value of a {@link LocatedYaml} document at its path ({@code factors.users[2]}), read as the type a reader
 * asks for. Every rule it breaks is bad input in the house form {@code file:line: path (value) rule}; a value that is
 * absent (or null) shows as {@code missing}.
 */
public record YamlValue(LocatedYaml yaml, String path, JsonNode node) {
    private static final ObjectMapper PLAIN = new ObjectMapper();

    public YamlValue {
        node = node == null ? MissingNode.getInstance() : node;
    }

    /** The document's root. */
    public static YamlValue root(LocatedYaml yaml) {
        return new YamlValue(yaml, "", yaml.root());
    }

    /** Whether the file gives this value: a key written with no value ({@code key:}) counts as absent. */
    public boolean present() {
        return !node.isMissingNode() && !node.isNull();
    }

    /** The value as messages show it: text as written, numbers as Java prints them, {@code missing} when absent. */
    public String display() {
        if (!present()) {
            return "missing";
        }
        return node.isValueNode() ? node.asText() : String.valueOf(plain());
    }

    /** The value as plain maps, lists, Long, Double, Boolean, String or null (for a value another rule checks). */
    public Object plain() {
        return present() ? PLAIN.convertValue(node, Object.class) : null;
    }

    /** Bad input at this value's path, showing the value. */
    public BadInputException error(String rule) {
        return yaml.error(path.isEmpty() ? "document" : path, display(), rule);
    }

    /** Bad input at this value's path, showing {@code value} (e.g. a canonical form of it). */
    public BadInputException error(Object value, String rule) {
        return yaml.error(path.isEmpty() ? "document" : path, value, rule);
    }

    /** Text; a number or boolean is its text as written. */
    public String text() {
        if (present() && node.isValueNode() && !node.asText().isBlank()) {
            return node.asText();
        }
        throw error("must be a non-empty text");
    }

    /** A whole number from {@code min} to {@code max}; a number written {@code 4.0} counts as whole. */
    public long longInteger(long min, long max) {
        if (!node.isNumber() || node.doubleValue() != Math.rint(node.doubleValue())
                || Math.abs(node.doubleValue()) > 9.0e18) {
            throw error("must be a whole number");
        }
        long value = node.longValue();
        if (value < min || value > max) {
            throw error(rangeRule(min, max));
        }
        return value;
    }

    /** As {@link #longInteger}, for a bound within int. */
    public int integer(int min, int max) {
        return (int) longInteger(min, max);
    }

    private static String rangeRule(long min, long max) {
        if (max == Long.MAX_VALUE || max == Integer.MAX_VALUE) {
            return "must be a whole number of at least " + min;
        }
        return "must be between " + min + " and " + max;
    }

    /** Any number. */
    public double number() {
        if (node.isNumber()) {
            return node.doubleValue();
        }
        throw error("must be a number");
    }

    /** A number above 0. */
    public double positive() {
        double value = number();
        if (!(value > 0)) {
            throw error(value, "must be a number above 0");
        }
        return value;
    }

    /** {@code true} or {@code false} (a boolean, or the text where the document keeps booleans as text). */
    public boolean bool() {
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isTextual() && (node.asText().equals("true") || node.asText().equals("false"))) {
            return node.asText().equals("true");
        }
        throw error("must be true or false");
    }

    /** A positive duration with its unit ({@code 8ms}, {@code 30s}). */
    public Duration duration() {
        try {
            return DurationText.parse(path, present() ? node.asText() : null);
        } catch (BadInputException e) {
            throw error("must be a positive duration such as 8ms, 30s or 2m");
        }
    }

    /** A duration that may be zero ({@code 0s}: off). */
    public Duration durationOrZero() {
        try {
            return DurationText.parseNonNegative(path, present() ? node.asText() : null);
        } catch (BadInputException e) {
            throw error("must be a duration such as 0s, 8ms, 30s or 2m");
        }
    }

    /** One of {@code allowed}, as written. */
    public String oneOf(String... allowed) {
        String value = text();
        for (String a : allowed) {
            if (a.equals(value)) {
                return value;
            }
        }
        throw error(value, "must be " + (allowed.length == 2 ? allowed[0] + " or " + allowed[1]
                : "one of " + String.join(", ", allowed)));
    }

    /** The text turned into a value by {@code parser}, whose own bad input is placed at this value's line. */
    public <T> T parsed(Function<String, T> parser) {
        String text = text();
        return at(() -> parser.apply(text));
    }

    /**
     * Runs {@code body}, placing the bad input it raises (say, a record's own validation) at this value's file and
     * line; an error that already names the file passes on unchanged.
     */
    public <T> T at(Supplier<T> body) {
        try {
            return body.get();
        } catch (BadInputException e) {
            if (e.getMessage() != null && e.getMessage().startsWith(yaml.fileName() + ":")) {
                throw e;
            }
            throw yaml.at(path, e);
        }
    }

    /** This value as a mapping whose keys are read one by one. */
    public YamlSection section() {
        if (!node.isObject()) {
            throw error("must be a mapping");
        }
        return new YamlSection(this);
    }

    /** Whether this value is a mapping (for a list whose items may be either). */
    public boolean isMapping() {
        return node.isObject();
    }

    /** The items of a list, each at its path ({@code parameters[3]}). */
    public List<YamlValue> items() {
        if (!node.isArray()) {
            throw error("must be a list");
        }
        List<YamlValue> items = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            items.add(new YamlValue(yaml, path + "[" + i + "]", node.get(i)));
        }
        return items;
    }

    /** The items of a list, or a single value as a list of one ({@code special: -1} or {@code special: [-1, 0]}). */
    public List<YamlValue> itemsOrOne() {
        return node.isArray() ? items() : List.of(this);
    }
}
