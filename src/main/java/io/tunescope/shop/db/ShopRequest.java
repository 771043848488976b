package io.tunescope.shop.db;

import io.tunescope.BadInputException;

import java.math.BigDecimal;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The parameters of one web interaction, checked as they are read: a malformed value is a
 * {@link BadInputException} naming the parameter, its value and the rule (the application answers 400 with it).
 */
public record ShopRequest(Map<String, String> values) {
    private static final int MAX_TEXT = 60;

    public ShopRequest {
        values = Map.copyOf(values);
    }

    public static ShopRequest of(String... namesAndValues) {
        java.util.Map<String, String> m = new java.util.HashMap<>();
        for (int k = 0; k + 1 < namesAndValues.length; k += 2) {
            m.put(namesAndValues[k], namesAndValues[k + 1]);
        }
        return new ShopRequest(m);
    }

    /** A required positive key. */
    public long id(String name) {
        return optionalId(name).orElseThrow(() -> BadInputException.of(name, "missing", "is required"));
    }

    /** A positive key if present. */
    public OptionalLong optionalId(String name) {
        String text = values.get(name);
        if (text == null || text.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            long id = Long.parseLong(text);
            if (id >= 1) {
                return OptionalLong.of(id);
            }
        } catch (NumberFormatException e) {
            // reported below with the rule
        }
        throw BadInputException.of(name, shorten(text), "must be a whole number of at least 1");
    }

    /** Required text of at most 60 characters. */
    public String text(String name) {
        String text = values.get(name);
        if (text == null || text.isEmpty()) {
            throw BadInputException.of(name, "missing", "is required");
        }
        if (text.length() > MAX_TEXT) {
            throw BadInputException.of(name, shorten(text), "must be at most " + MAX_TEXT + " characters");
        }
        return text;
    }

    /** Text if present, else {@code fallback}. */
    public String text(String name, String fallback) {
        return values.containsKey(name) ? text(name) : fallback;
    }

    /** Required text that must be one of {@code allowed}. */
    public String oneOf(String name, java.util.List<String> allowed) {
        String text = text(name);
        if (!allowed.contains(text)) {
            throw BadInputException.of(name, text, "must be one of " + String.join(", ", allowed));
        }
        return text;
    }

    /** A required amount of money from 0.01 to 9999.99. */
    public BigDecimal money(String name) {
        String text = text(name);
        try {
            BigDecimal amount = new BigDecimal(text).setScale(2, java.math.RoundingMode.HALF_UP);
            if (amount.signum() > 0 && amount.compareTo(new BigDecimal("9999.99")) <= 0) {
                return amount;
            }
        } catch (NumberFormatException e) {
            // reported below with the rule
        }
        throw BadInputException.of(name, text, "must be an amount from 0.01 to 9999.99");
    }

    private static String shorten(String text) {
        return text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "..." : text;
    }
}
