package io.tunescope.tune.session;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A replication limit of the trial protocol ({@code maxSlices}, {@code revalidateRuns}): a fixed number, or
 * {@code auto}, sized from the noise the session measured and capped by its budget.
 *
 * @param fixed the fixed number, or null for {@code auto}
 */
public record Replication(Integer fixed) {
    /** Sized from the measured noise, within the session's budget. */
    public static final Replication AUTO = new Replication(null);

    /** A fixed number of slices or runs (its rule is checked by {@link TrialProtocol}). */
    public static Replication of(int n) {
        return new Replication(n);
    }

    public boolean auto() {
        return fixed == null;
    }

    /** As {@code summary.json} and messages show it: {@code auto} or the number. */
    @JsonValue
    public Object label() {
        return auto() ? "auto" : fixed;
    }

    @Override
    public String toString() {
        return String.valueOf(label());
    }
}
