package io.tunescope.workload.tpch;

/** Replace every occurrence of {@code literal} (as written in the reference query text) with {@code value}. */
public record Substitution(String literal, String value) {
    public Substitution {
        if (literal == null || literal.isEmpty()) {
            throw new IllegalArgumentException("literal must not be empty");
        }
        if (value == null) {
            throw new IllegalArgumentException("value for " + literal + " must not be null");
        }
    }
}
