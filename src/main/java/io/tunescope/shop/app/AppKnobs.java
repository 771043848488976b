package io.tunescope.shop.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tunescope.BadInputException;
import io.tunescope.store.Json;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings of one application node: a value for every {@link AppKnob} (its default where none is given), each
 * checked against the knob's range. They travel to the node's JVM as one JSON argument of the knobs by name.
 */
public record AppKnobs(Map<AppKnob, Integer> values) {
    public static final AppKnobs DEFAULTS = new AppKnobs(Map.of());

    public AppKnobs {
        Map<AppKnob, Integer> all = new EnumMap<>(AppKnob.class);
        for (AppKnob k : AppKnob.values()) {
            all.put(k, values.getOrDefault(k, k.defaultValue()));
        }
        AppKnob.MIN_THREADS.check(all.get(AppKnob.MIN_THREADS));
        // the least of the most threads depends on the least: one rule with both in its message
        int least = Math.max(AppKnob.MAX_THREADS.min(), all.get(AppKnob.MIN_THREADS));
        if (all.get(AppKnob.MAX_THREADS) < least) {
            throw BadInputException.of("app-max-threads", all.get(AppKnob.MAX_THREADS), "must be at least "
                    + AppKnob.MAX_THREADS.min() + " and at least app-min-threads (" + all.get(AppKnob.MIN_THREADS)
                    + ")");
        }
        all.forEach(AppKnob::check);
        values = Collections.unmodifiableMap(all);
    }

    /** Every knob in catalog order. */
    public AppKnobs(int minThreads, int maxThreads, int acceptQueue, int poolSize, int cacheEntries,
                    int cacheTtlMillis, int pageMaxAgeSeconds) {
        this(Map.of(AppKnob.MIN_THREADS, minThreads, AppKnob.MAX_THREADS, maxThreads, AppKnob.ACCEPT_QUEUE,
                acceptQueue, AppKnob.POOL_SIZE, poolSize, AppKnob.CACHE_ENTRIES, cacheEntries,
                AppKnob.CACHE_TTL_MILLIS, cacheTtlMillis, AppKnob.PAGE_MAX_AGE_SECONDS, pageMaxAgeSeconds));
    }

    /** The four basic knobs; the others at their defaults. */
    public AppKnobs(int minThreads, int maxThreads, int acceptQueue, int poolSize) {
        this(Map.of(AppKnob.MIN_THREADS, minThreads, AppKnob.MAX_THREADS, maxThreads, AppKnob.ACCEPT_QUEUE,
                acceptQueue, AppKnob.POOL_SIZE, poolSize));
    }

    /** The knobs named in {@code settings} (tuning names, whole numbers), the defaults for the rest. */
    public static AppKnobs of(Map<String, ? extends Number> settings) {
        Map<AppKnob, Integer> v = new EnumMap<>(AppKnob.class);
        settings.forEach((name, value) -> v.put(AppKnob.of(name), value.intValue()));
        return new AppKnobs(v);
    }

    public int get(AppKnob knob) {
        return values.get(knob);
    }

    /** These knobs with {@code knob} set to {@code value}. */
    public AppKnobs with(AppKnob knob, int value) {
        Map<AppKnob, Integer> v = new EnumMap<>(values);
        v.put(knob, value);
        return new AppKnobs(v);
    }

    /** These knobs with an in-application cache of {@code entries} pages, each kept {@code ttlMillis}. */
    public AppKnobs withCache(int entries, int ttlMillis) {
        return with(AppKnob.CACHE_ENTRIES, entries).with(AppKnob.CACHE_TTL_MILLIS, ttlMillis);
    }

    /** The knobs by tuning name, in catalog order. */
    public Map<String, Integer> byName() {
        Map<String, Integer> m = new LinkedHashMap<>();
        values.forEach((k, v) -> m.put(k.knobName(), v));
        return m;
    }

    /** The node's arguments: one JSON object of the knobs by name, read back by {@link #fromArgs}. */
    public List<String> toArgs() {
        try {
            // one line: the argument shows in ps beside the node's name
            return List.of(Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(byName()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static AppKnobs fromArgs(String[] args) {
        if (args.length != 1) {
            throw BadInputException.of("arguments", String.join(" ", args), "must be one JSON object of the "
                    + "application node's knobs");
        }
        try {
            return of(Json.MAPPER.readValue(args[0], new TypeReference<Map<String, Integer>>() { }));
        } catch (JsonProcessingException e) {
            throw BadInputException.of("arguments", args[0], "must be one JSON object of whole numbers by knob name");
        }
    }
}
