package io.tunescope.config;

import io.tunescope.BadInputException;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A cursor over one mapping of a configuration file: the reader asks for each key by type, with its default and
 * rule, and {@link #end} then rejects every key nobody asked for. The keys a section allows are thus the keys its
 * reader reads, never a list kept beside the code. Every error reads {@code file:line: path (value) rule}.
 *
 * <pre>{@code
 * YamlSection base = root.section("base");
 * int users = base.integer("users", 1, 1, 1024);
 * Duration d = base.duration("duration", null);
 * base.end();
 * }</pre>
 */
public final class YamlSection {
    private final YamlValue value;
    private final Set<String> asked = new LinkedHashSet<>();
    private String kind = "";

    YamlSection(YamlValue value) {
        this.value = value;
    }

    /** The document's root mapping. */
    public static YamlSection root(LocatedYaml yaml) {
        return YamlValue.root(yaml).section();
    }

    /** Names the section in its unknown-key message: {@code is not a known key of a shop target}. */
    public YamlSection describedAs(String kindOfSection) {
        this.kind = " " + kindOfSection;
        return this;
    }

    public LocatedYaml yaml() {
        return value.yaml();
    }

    /** The section's own path ({@code target}, {@code cluster.shop}; empty for the root). */
    public String path() {
        return value.path();
    }

    /** The path of {@code key} in this section. */
    public String path(String key) {
        return path().isEmpty() ? key : path() + "." + key;
    }

    /** Whether the file gives {@code key} (with a value); a key asked about is a key of this section. */
    public boolean has(String key) {
        return value(key).present();
    }

    /** The value at {@code key}, absent or not; the key counts as read. */
    public YamlValue value(String key) {
        return value(key, true);
    }

    private YamlValue value(String key, boolean read) {
        if (read) {
            asked.add(key);
        }
        return new YamlValue(value.yaml(), path(key), value.node().get(key));
    }

    /** The value at {@code key}; bad input ({@code missing}) when the file does not give it. */
    public YamlValue required(String key) {
        YamlValue v = value(key);
        if (!v.present()) {
            throw v.error("is required");
        }
        return v;
    }

    /** Text at {@code key}, or {@code fallback}; with a null fallback the key is required. */
    public String text(String key, String fallback) {
        YamlValue v = value(key);
        return v.present() || fallback == null ? v.text() : fallback;
    }

    /** Text at {@code key} or null. */
    public String textOrNull(String key) {
        return presentOr(key, null, YamlValue::text);
    }

    /** A whole number from {@code min} to {@code max} at {@code key}, or {@code fallback}. */
    public int integer(String key, int fallback, int min, int max) {
        return presentOr(key, fallback, v -> v.integer(min, max));
    }

    /** As {@link #integer}, for long values. */
    public long longInteger(String key, long fallback, long min, long max) {
        return presentOr(key, fallback, v -> v.longInteger(min, max));
    }

    /** Any number at {@code key}, or {@code fallback}. */
    public double number(String key, double fallback) {
        return presentOr(key, fallback, YamlValue::number);
    }

    /** {@code true} or {@code false} at {@code key}, or {@code fallback}. */
    public boolean bool(String key, boolean fallback) {
        return presentOr(key, fallback, YamlValue::bool);
    }

    /** A positive duration at {@code key}, or {@code fallback} (which may be null). */
    public Duration duration(String key, Duration fallback) {
        return presentOr(key, fallback, YamlValue::duration);
    }

    /** A duration that may be zero at {@code key}, or {@code fallback}. */
    public Duration durationOrZero(String key, Duration fallback) {
        return presentOr(key, fallback, YamlValue::durationOrZero);
    }

    /** One of {@code allowed} at {@code key}, or {@code fallback}. */
    public String oneOf(String key, String fallback, String... allowed) {
        return presentOr(key, fallback, v -> v.oneOf(allowed));
    }

    /** The value at {@code key} read by {@code read}, or {@code fallback} when the key is absent. */
    private <T> T presentOr(String key, T fallback, Function<YamlValue, T> read) {
        YamlValue v = value(key);
        return v.present() ? read.apply(v) : fallback;
    }

    /**
     * The text at {@code key} (or {@code fallback}; null: required) turned into a value by {@code parser}, whose own
     * bad input is placed at the key's line.
     */
    public <T> T parsed(String key, String fallback, Function<String, T> parser) {
        String text = text(key, fallback);
        return value(key).at(() -> parser.apply(text));
    }

    /** The mapping at {@code key}; an absent key reads as an empty mapping. */
    public YamlSection section(String key) {
        YamlValue v = value(key);
        return v.present() ? v.section() : new YamlSection(new YamlValue(v.yaml(), v.path(),
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()));
    }

    /** The items of the list at {@code key}; an absent key reads as an empty list. */
    public List<YamlValue> list(String key) {
        return presentOr(key, List.of(), YamlValue::items);
    }

    /** Bad input at {@code key}. */
    public BadInputException error(String key, Object shown, String rule) {
        return value.yaml().error(path(key), shown, rule);
    }

    /** Runs {@code body}, placing its bad input at the line of {@code key} (the section itself when empty). */
    public <T> T at(String key, Supplier<T> body) {
        return (key.isEmpty() ? value : value(key, false)).at(body);
    }

    /** Bad input when the file gives {@code key}: a key that is known but not allowed beside the others. */
    public void refuse(String key, String rule) {
        YamlValue v = value(key);
        if (v.present()) {
            throw v.error(v.node().isContainerNode() ? "present" : v.display(), rule);
        }
    }

    /** Keys the file gives in this section, in file order (for a mapping whose keys are names, not settings). */
    public List<String> keys() {
        List<String> keys = new java.util.ArrayList<>();
        value.node().fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    /** Rejects the first key of this section that was never read: a misspelt key never falls back silently. */
    public void end() {
        for (Iterator<String> names = value.node().fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!asked.contains(name)) {
                throw error(name, name, "is not a known key" + kind
                        + "; expected one of " + new TreeSet<>(asked));
            }
        }
    }
}
