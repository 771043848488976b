package io.tunescope.tune.space;

import io.tunescope.BadInputException;

import java.util.List;

/**
 * A knob with a listed set of values: an ordinal when {@code ordered} (levels have a meaningful order, e.g.
 * {@code [small, medium, large]}), a categorical enum otherwise; {@link #bool} makes the boolean case.
 */
public record EnumParam(String name, List<Object> values, boolean ordered, Object defaultValue) implements Param {
    public EnumParam {
        Names.check(name);
        if (values == null || values.isEmpty()) {
            throw BadInputException.of(name + ".values", values, "must list at least one value");
        }
        values = List.copyOf(values);
        if (values.stream().map(String::valueOf).distinct().count() != values.size()) {
            throw BadInputException.of(name + ".values", values, "must not repeat a value");
        }
        if (defaultValue != null && indexOf(values, defaultValue) < 0) {
            throw BadInputException.of(name + ".default", defaultValue, "must be one of " + values);
        }
        if (defaultValue != null) {
            defaultValue = values.get(indexOf(values, defaultValue));
        }
    }

    public static EnumParam bool(String name, Boolean defaultValue) {
        return new EnumParam(name, List.of(false, true), false, defaultValue);
    }

    private static int indexOf(List<Object> values, Object v) {
        String s = String.valueOf(v);
        for (int i = 0; i < values.size(); i++) {
            if (String.valueOf(values.get(i)).equals(s)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public Object fromUnit(double unit) {
        double u = Param.clampUnit(unit);
        int i = (int) Math.min(values.size() - 1, Math.floor(u * values.size()));
        return values.get(i);
    }

    @Override
    public double toUnit(Object value) {
        int i = indexOf(values, value);
        if (i < 0) {
            throw BadInputException.of(name, value, "must be one of " + values);
        }
        return (i + 0.5) / values.size();
    }

    @Override
    public boolean categorical() {
        return !ordered;
    }

    @Override
    public long cardinality() {
        return values.size();
    }

    @Override
    public double numeric(Object value) {
        if (value instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        return indexOf(values, value);
    }

    @Override
    public Object coerce(Object raw) {
        int i = indexOf(values, raw);
        if (i < 0) {
            throw BadInputException.of(name, raw, "must be one of " + values);
        }
        return values.get(i);
    }
}
