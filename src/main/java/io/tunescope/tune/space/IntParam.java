package io.tunescope.tune.space;

import io.tunescope.BadInputException;

import java.util.List;

/**
 * An integer knob {@code min, min+step, ..., <= max}, optionally on a log scale, with optional special values outside
 * the range (e.g. {@code -1} meaning "auto"). Special values get a share of the unit interval of their own (at least
 * 10 %, as LlamaTune biases special values) so a search tries them early even when the range has thousands of levels.
 */
public record IntParam(String name, long min, long max, long step, boolean log, List<Long> specials, Long defaultValue)
        implements Param {
    static final double MIN_SPECIAL_SHARE = 0.10;

    public IntParam {
        Names.check(name);
        if (step < 1) {
            throw BadInputException.of(name + ".step", step, "must be at least 1");
        }
        if (min > max) {
            throw BadInputException.of(name + ".min", min, "must be at most max (" + max + ")");
        }
        if (log && min < 1) {
            throw BadInputException.of(name + ".min", min, "must be at least 1 on a log scale");
        }
        specials = List.copyOf(specials == null ? List.of() : specials);
        for (long s : specials) {
            if (s >= min && s <= max && (s - min) % step == 0) {
                throw BadInputException.of(name + ".special", s, "must lie outside the range " + min + ".." + max);
            }
        }
        if (specials.stream().distinct().count() != specials.size()) {
            throw BadInputException.of(name + ".special", specials, "must not repeat a value");
        }
        if (defaultValue != null && !isValue(defaultValue, min, max, step, specials)) {
            throw BadInputException.of(name + ".default", defaultValue,
                    "must be one of the values " + min + ".." + max + " step " + step + " or a special value");
        }
    }

    public static IntParam of(String name, long min, long max) {
        return new IntParam(name, min, max, 1, false, List.of(), null);
    }

    private static boolean isValue(long v, long min, long max, long step, List<Long> specials) {
        return specials.contains(v) || (v >= min && v <= max && (v - min) % step == 0);
    }

    /** The k-th value: the special values first, then the range. */
    public long level(long k) {
        return k < specials.size() ? specials.get((int) k) : min + (k - specials.size()) * step;
    }

    long levels() {
        return (max - min) / step + 1;
    }

    private double specialShare() {
        if (specials.isEmpty()) {
            return 0;
        }
        double uniform = (double) specials.size() / (specials.size() + levels());
        return Math.min(0.5, Math.max(MIN_SPECIAL_SHARE, uniform));
    }

    @Override
    public Object fromUnit(double unit) {
        double u = Param.clampUnit(unit);
        double share = specialShare();
        if (u < share) {
            int i = (int) Math.min(specials.size() - 1, Math.floor(u / share * specials.size()));
            return specials.get(i);
        }
        double v = share == 0 ? u : (u - share) / (1 - share);
        long index;
        if (log) {
            double x = min * Math.exp(v * Math.log((double) max / min));
            index = Math.round((x - min) / step);
        } else {
            index = (long) Math.floor(v * levels());
        }
        index = Math.max(0, Math.min(levels() - 1, index));
        return min + index * step;
    }

    @Override
    public double toUnit(Object value) {
        long v = ((Number) coerce(value)).longValue();
        double share = specialShare();
        int s = specials.indexOf(v);
        if (s >= 0) {
            return (s + 0.5) / specials.size() * share;
        }
        double inner;
        if (log) {
            inner = max == min ? 0.5 : Math.log((double) v / min) / Math.log((double) max / min);
        } else {
            inner = ((v - min) / step + 0.5) / levels();
        }
        return share + inner * (1 - share);
    }

    @Override
    public boolean categorical() {
        return false;
    }

    @Override
    public long cardinality() {
        return levels() + specials.size();
    }

    @Override
    public double numeric(Object value) {
        return ((Number) value).doubleValue();
    }

    @Override
    public Object coerce(Object raw) {
        long v;
        if (raw instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            v = n.longValue();
        } else if (raw instanceof String s && s.trim().matches("-?\\d+")) {
            v = Long.parseLong(s.trim());
        } else {
            throw BadInputException.of(name, raw, "must be an integer");
        }
        if (!isValue(v, min, max, step, specials)) {
            throw BadInputException.of(name, v, "must be one of " + min + ".." + max + " step " + step
                    + (specials.isEmpty() ? "" : " or " + specials));
        }
        return v;
    }
}
