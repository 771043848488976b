package io.tunescope.tune.space;

import io.tunescope.BadInputException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The knobs being tuned and the constraints between them. Strategies see the space as the unit cube
 * {@code [0,1]^d}; {@link #fromUnit} rounds a point to the nearest grid point (as Active Harmony does) and
 * {@link #snap} gives that grid point's unit coordinates.
 */
public record SearchSpace(List<Param> params, List<Constraint> constraints) {
    public SearchSpace {
        params = List.copyOf(params);
        constraints = List.copyOf(constraints == null ? List.of() : constraints);
        if (params.isEmpty()) {
            throw BadInputException.of("parameters", "[]", "must list at least one parameter");
        }
        Map<String, Param> byName = new HashMap<>();
        for (Param p : params) {
            if (byName.put(p.name(), p) != null) {
                throw BadInputException.of("parameter name", p.name(), "must be unique");
            }
        }
        for (Constraint c : constraints) {
            for (String n : c.names()) {
                if (!byName.containsKey(n)) {
                    throw BadInputException.of("constraint", c.text(), "names unknown parameter '" + n + "'");
                }
            }
        }
    }

    public static SearchSpace of(Param... params) {
        return new SearchSpace(List.of(params), List.of());
    }

    public int dims() {
        return params.size();
    }

    public Param param(String name) {
        for (Param p : params) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw BadInputException.of("parameter", name, "is not in the search space");
    }

    public Configuration fromUnit(double[] unit) {
        if (unit.length != params.size()) {
            throw new IllegalArgumentException("point has " + unit.length + " coordinates, space has " + dims());
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < unit.length; i++) {
            values.put(params.get(i).name(), params.get(i).fromUnit(unit[i]));
        }
        return new Configuration(values);
    }

    public double[] toUnit(Configuration config) {
        double[] u = new double[params.size()];
        for (int i = 0; i < u.length; i++) {
            u[i] = params.get(i).toUnit(config.get(params.get(i).name()));
        }
        return u;
    }

    /** The unit coordinates of the grid point nearest to {@code unit}. */
    public double[] snap(double[] unit) {
        return toUnit(fromUnit(unit));
    }

    /** Checks and converts outside values (YAML, JSON); every parameter must be present. */
    public Configuration configuration(Map<String, ?> raw) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Param p : params) {
            if (!raw.containsKey(p.name())) {
                throw BadInputException.of("configuration", raw, "misses parameter '" + p.name() + "'");
            }
            values.put(p.name(), p.coerce(raw.get(p.name())));
        }
        for (String k : raw.keySet()) {
            param(k);
        }
        return new Configuration(values);
    }

    public boolean[] categoricalMask() {
        boolean[] m = new boolean[params.size()];
        for (int i = 0; i < m.length; i++) {
            m[i] = params.get(i).categorical();
        }
        return m;
    }

    public boolean isFeasible(Configuration config) {
        return violated(config).isEmpty();
    }

    /** The first constraint the configuration breaks, if any. */
    public Optional<Constraint> violated(Configuration config) {
        for (Constraint c : constraints) {
            if (!c.test(n -> param(n).numeric(config.get(n)))) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** The configuration of parameter defaults, or empty when no parameter has one; parameters without a default take their middle value. */
    public Optional<Configuration> defaultConfiguration() {
        if (params.stream().allMatch(p -> p.defaultValue() == null)) {
            return Optional.empty();
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Param p : params) {
            values.put(p.name(), p.defaultValue() != null ? p.defaultValue() : p.fromUnit(0.5));
        }
        return Optional.of(new Configuration(values));
    }

    /** The number of grid points, or {@link Long#MAX_VALUE} when a parameter is continuous or the product overflows. */
    public long size() {
        long n = 1;
        for (Param p : params) {
            long c = p.cardinality();
            if (c == Long.MAX_VALUE || n > Long.MAX_VALUE / c) {
                return Long.MAX_VALUE;
            }
            n *= c;
        }
        return n;
    }

    /**
     * Fails with a clear message when no configuration satisfies the constraints: every grid point is checked when
     * the grid has at most {@code exhaustiveLimit} points, otherwise {@code samples} random points are.
     */
    public void requireSatisfiable(long exhaustiveLimit, int samples, long seed) {
        if (constraints.isEmpty()) {
            return;
        }
        if (size() <= exhaustiveLimit) {
            if (enumerate().stream().anyMatch(this::isFeasible)) {
                return;
            }
            throw BadInputException.of("constraints", constraints, "are satisfied by no configuration (all "
                    + size() + " checked)");
        }
        Random rng = new Random(seed);
        for (int i = 0; i < samples; i++) {
            if (isFeasible(fromUnit(randomUnit(rng)))) {
                return;
            }
        }
        throw BadInputException.of("constraints", constraints, "are satisfied by none of " + samples
                + " random configurations");
    }

    public double[] randomUnit(Random rng) {
        double[] u = new double[params.size()];
        for (int i = 0; i < u.length; i++) {
            u[i] = rng.nextDouble();
        }
        return u;
    }

    /** Every grid point (only for small discrete spaces). */
    public List<Configuration> enumerate() {
        if (size() > 10_000_000L) {
            throw new IllegalStateException("space too large to enumerate: " + size());
        }
        List<Configuration> out = new ArrayList<>();
        int d = params.size();
        long[] card = new long[d];
        for (int i = 0; i < d; i++) {
            card[i] = params.get(i).cardinality();
        }
        long total = size();
        for (long k = 0; k < total; k++) {
            long rest = k;
            Map<String, Object> values = new LinkedHashMap<>();
            for (int i = 0; i < d; i++) {
                Param p = params.get(i);
                long level = rest % card[i];
                values.put(p.name(), p instanceof IntParam ip ? ip.level(level) : p.fromUnit((level + 0.5) / card[i]));
                rest /= card[i];
            }
            out.add(new Configuration(values));
        }
        return out;
    }
}
