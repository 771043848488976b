package io.tunescope.engine.knob;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunescope.BadInputException;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One setting of an engine that a tuner may change: its type, its range ({@code min}..{@code max} in {@code unit}
 * for numbers and sizes), the engine's default, values outside the range that mean something special (PostgreSQL's
 * {@code -1} for "derived from another setting"), the values of an enum, and how a change is applied.
 *
 * <p>{@link #validate} turns a value from a user (a number, a boolean, or text such as {@code 2GB}) into the knob's
 * canonical value or throws naming knob, value and rule; {@link #literal} renders a validated value for SQL, so only
 * numbers, booleans and the catalog's own enum texts ever reach a statement.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Knob(String name, KnobType type, Double min, Double max, String unit, Object defaultValue,
                   List<Object> special, List<String> values, ApplyMethod apply, String description) {
    /** What a knob name may look like: it is spliced into SQL, so it is checked here, once, for every catalog. */
    static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
    private static final Pattern SIZE_TEXT = Pattern.compile("\\s*(-?\\d+)\\s*([A-Za-z]*)\\s*");
    /** Sizes in binary units, as PostgreSQL reads kB/MB/GB; DuckDB's binary units are KiB/MiB/GiB. */
    private static final Map<String, Long> BYTES = Map.of("b", 1L, "kb", 1L << 10, "mb", 1L << 20, "gb", 1L << 30,
            "tb", 1L << 40, "kib", 1L << 10, "mib", 1L << 20, "gib", 1L << 30, "tib", 1L << 40);

    public Knob {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("knob name (" + name + ") must match " + NAME);
        }
        special = special == null ? List.of() : List.copyOf(special);
        values = values == null ? List.of() : List.copyOf(values);
        if (type == KnobType.ENUM && values.isEmpty()) {
            throw new IllegalArgumentException("enum knob " + name + " needs its values");
        }
    }

    static Knob integer(String name, long min, long max, String unit, long def, ApplyMethod apply, String text) {
        return new Knob(name, KnobType.INT, (double) min, (double) max, unit, def, List.of(), List.of(), apply, text);
    }

    static Knob size(String name, long min, long max, String unit, long def, ApplyMethod apply, String text) {
        return new Knob(name, KnobType.SIZE, (double) min, (double) max, unit, def, List.of(), List.of(), apply, text);
    }

    static Knob real(String name, double min, double max, double def, ApplyMethod apply, String text) {
        return new Knob(name, KnobType.REAL, min, max, null, def, List.of(), List.of(), apply, text);
    }

    static Knob bool(String name, boolean def, ApplyMethod apply, String text) {
        return new Knob(name, KnobType.BOOL, null, null, null, def, List.of(), List.of(), apply, text);
    }

    static Knob choice(String name, List<String> values, String def, ApplyMethod apply, String text) {
        return new Knob(name, KnobType.ENUM, null, null, null, def, List.of(), values, apply, text);
    }

    /** This knob with values outside its range that the engine also accepts. */
    Knob withSpecial(Object... specialValues) {
        return new Knob(name, type, min, max, unit, defaultValue, List.of(specialValues), values, apply, description);
    }

    /** The rule a value must follow, as said in error messages. */
    @JsonIgnore
    public String rule() {
        String rule = switch (type) {
            case BOOL -> "must be true or false";
            case ENUM -> "must be one of " + values;
            case INT, SIZE -> "must be a whole number between " + whole(min) + " and " + whole(max)
                    + (unit == null ? "" : " " + unit);
            case REAL -> "must be a number between " + min + " and " + max;
        };
        return special.isEmpty() ? rule : rule + " (or one of " + special + ")";
    }

    /**
     * The canonical value of {@code raw}: a {@code Long} (int, size in {@link #unit}), {@code Double},
     * {@code Boolean} or one of {@link #values}.
     *
     * @throws BadInputException naming the knob, the value and the rule, when {@code raw} breaks it
     */
    public Object validate(Object raw) {
        Object value = switch (type) {
            case BOOL -> bool(raw);
            case ENUM -> enumValue(raw);
            case INT -> whole(raw, false);
            case SIZE -> whole(raw, true);
            case REAL -> raw instanceof Number n && Double.isFinite(n.doubleValue()) ? (Object) n.doubleValue() : null;
        };
        if (value == null || !inRange(value)) {
            throw BadInputException.of(name, raw, rule());
        }
        return value;
    }

    private boolean inRange(Object value) {
        if (!(value instanceof Number n) || min == null) {
            return true;
        }
        boolean special = this.special.stream().anyMatch(s -> s instanceof Number sn
                && sn.doubleValue() == n.doubleValue());
        return special || (n.doubleValue() >= min && n.doubleValue() <= max);
    }

    /** One of {@link #values}; YAML reads a bare {@code on}/{@code off} as a boolean, so those map back. */
    private String enumValue(Object raw) {
        String text = raw instanceof Boolean b ? (b ? "on" : "off") : String.valueOf(raw);
        return values.stream().filter(v -> v.equalsIgnoreCase(text)).findFirst().orElse(null);
    }

    private static Boolean bool(Object raw) {
        if (raw instanceof Boolean b) {
            return b;
        }
        String s = String.valueOf(raw).toLowerCase(Locale.ROOT);
        return switch (s) {
            case "true", "on" -> Boolean.TRUE;
            case "false", "off" -> Boolean.FALSE;
            default -> null;
        };
    }

    /** A whole number, from a number or (sizes) text with a unit this knob's unit converts from. */
    private Long whole(Object raw, boolean size) {
        if (raw instanceof Number n) {
            double d = n.doubleValue();
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? (Long) (long) d : null;
        }
        if (!size || !(raw instanceof String s)) {
            return null;
        }
        Matcher m = SIZE_TEXT.matcher(s);
        if (!m.matches()) {
            return null;
        }
        long n = Long.parseLong(m.group(1));
        String given = m.group(2).toLowerCase(Locale.ROOT);
        if (given.isEmpty() || unit != null && given.equalsIgnoreCase(unit)) {
            return n;
        }
        Long from = BYTES.get(given);
        Long to = unit == null ? null : BYTES.get(unit.toLowerCase(Locale.ROOT));
        if (from == null || to == null || (n * from) % to != 0) {
            return null;
        }
        return n * from / to;
    }

    /** A validated value as a SQL (or configuration file) literal in {@code syntax}. */
    public String literal(Object value, KnobSyntax syntax) {
        Object v = validate(value);
        return switch (type) {
            case INT -> Long.toString((Long) v);
            case REAL -> new BigDecimal(Double.toString((Double) v)).toPlainString();
            case BOOL -> syntax == KnobSyntax.MARIADB ? ((Boolean) v ? "ON" : "OFF") : v.toString();
            case ENUM -> syntax == KnobSyntax.JAVA_PROPERTY || syntax == KnobSyntax.CLIENT ? (String) v
                    : "'" + ((String) v).replace("'", "''") + "'";
            case SIZE -> sizeLiteral((Long) v, syntax);
        };
    }

    private String sizeLiteral(long v, KnobSyntax syntax) {
        Long bytes = unit == null ? null : BYTES.get(unit.toLowerCase(Locale.ROOT));
        if (syntax == KnobSyntax.MARIADB && bytes != null) {
            return Long.toString(v * bytes);
        }
        if (syntax.quotesSizes() && bytes != null && !special.contains(v)) {
            return "'" + v + unit + "'";
        }
        return Long.toString(v);
    }

    private static String whole(Double d) {
        return d == null ? "?" : Long.toString(d.longValue());
    }
}
