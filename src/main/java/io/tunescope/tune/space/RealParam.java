package io.tunescope.tune.space;

import io.tunescope.BadInputException;

/** A real-valued knob in {@code [min, max]}, optionally on a log scale (then {@code min > 0}). */
public record RealParam(String name, double min, double max, boolean log, Double defaultValue) implements Param {
    public RealParam {
        Names.check(name);
        if (!Double.isFinite(min) || !Double.isFinite(max)) {
            throw BadInputException.of(name + ".min/max", min + "/" + max, "must be finite numbers");
        }
        if (min > max) {
            throw BadInputException.of(name + ".min", min, "must be at most max (" + max + ")");
        }
        if (log && min <= 0) {
            throw BadInputException.of(name + ".min", min, "must be above 0 on a log scale");
        }
        if (defaultValue != null && (defaultValue < min || defaultValue > max)) {
            throw BadInputException.of(name + ".default", defaultValue, "must lie in [" + min + ", " + max + "]");
        }
    }

    @Override
    public Object fromUnit(double unit) {
        double u = Param.clampUnit(unit);
        double v = log ? min * Math.exp(u * Math.log(max / min)) : min + u * (max - min);
        return Math.max(min, Math.min(max, v));
    }

    @Override
    public double toUnit(Object value) {
        double v = (Double) coerce(value);
        if (max == min) {
            return 0.5;
        }
        return log ? Math.log(v / min) / Math.log(max / min) : (v - min) / (max - min);
    }

    @Override
    public boolean categorical() {
        return false;
    }

    @Override
    public long cardinality() {
        return max == min ? 1 : Long.MAX_VALUE;
    }

    @Override
    public double numeric(Object value) {
        return (Double) value;
    }

    @Override
    public Object coerce(Object raw) {
        double v;
        if (raw instanceof Number n) {
            v = n.doubleValue();
        } else if (raw instanceof String s) {
            try {
                v = Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                throw BadInputException.of(name, raw, "must be a number");
            }
        } else {
            throw BadInputException.of(name, raw, "must be a number");
        }
        if (!(v >= min && v <= max)) {
            throw BadInputException.of(name, v, "must lie in [" + min + ", " + max + "]");
        }
        return v;
    }
}
