package io.tunescope.tune.space;

/**
 * One knob of a search space. Every parameter maps the unit interval onto its values, so strategies can work on the
 * unit cube {@code [0,1]^d}; {@link #fromUnit} snaps to the nearest grid level (Active Harmony's rounding), and
 * {@code toUnit(fromUnit(u))} is the unit coordinate of that level.
 */
public sealed interface Param permits IntParam, RealParam, EnumParam {
    String name();

    /** The value at unit coordinate {@code u} (clamped to [0,1]), snapped to a grid level where the knob has levels. */
    Object fromUnit(double u);

    /** The unit coordinate of a value of this parameter (the centre of its level). */
    double toUnit(Object value);

    /** The value used when the caller gives none, or null when the parameter has no default. */
    Object defaultValue();

    /** Whether the levels have no order (an enum, a boolean), so distances between levels mean nothing. */
    boolean categorical();

    /** The number of distinct values, or {@link Long#MAX_VALUE} for a continuous parameter. */
    long cardinality();

    /** The value as a number for constraints (booleans are 0/1, ordered enums their index). */
    double numeric(Object value);

    /** Checks and converts a value given from outside (YAML, JSON, a journal) into this parameter's value type. */
    Object coerce(Object raw);

    static double clampUnit(double u) {
        return Double.isNaN(u) ? 0.5 : Math.max(0.0, Math.min(1.0, u));
    }
}
