package io.tunescope.workload.pgbench;

/**
 * One mutable value of pgbench's expression language: null, boolean, integer (64-bit), double, or text (what
 * {@code \gset} stores, read as a number or boolean when an expression uses it). Mutable so that evaluating an
 * expression allocates nothing: every node owns the value it writes its result into.
 */
final class Value {
    enum Type { UNSET, NULL, BOOL, INT, DOUBLE, TEXT }

    Type type = Type.UNSET;
    long intValue;
    double doubleValue;
    boolean boolValue;
    String text;

    Value setInt(long v) {
        type = Type.INT;
        intValue = v;
        return this;
    }

    Value setDouble(double v) {
        type = Type.DOUBLE;
        doubleValue = v;
        return this;
    }

    Value setBool(boolean v) {
        type = Type.BOOL;
        boolValue = v;
        return this;
    }

    Value setNull() {
        type = Type.NULL;
        return this;
    }

    Value setText(String v) {
        type = Type.TEXT;
        text = v;
        return this;
    }

    Value copyFrom(Value other) {
        type = other.type;
        intValue = other.intValue;
        doubleValue = other.doubleValue;
        boolValue = other.boolValue;
        text = other.text;
        return this;
    }

    boolean isSet() {
        return type != Type.UNSET;
    }

    /**
     * Text as pgbench reads a variable in an expression: {@code null}, a boolean word, an integer, a double; anything
     * else is malformed. Leaves a non-text value as it is.
     */
    Value resolveText(String name) throws EvalException {
        if (type != Type.TEXT) {
            return this;
        }
        String t = text.strip();
        if (t.equalsIgnoreCase("null")) {
            return setNull();
        }
        if (t.equalsIgnoreCase("true") || t.equalsIgnoreCase("on") || t.equalsIgnoreCase("yes")) {
            return setBool(true);
        }
        if (t.equalsIgnoreCase("false") || t.equalsIgnoreCase("off") || t.equalsIgnoreCase("no")) {
            return setBool(false);
        }
        try {
            return setInt(Long.parseLong(t));
        } catch (NumberFormatException notInteger) {
            try {
                return setDouble(Double.parseDouble(t));
            } catch (NumberFormatException notNumber) {
                throw new EvalException("malformed variable \"" + name + "\" value: \"" + text + "\"");
            }
        }
    }

    long asInt() throws EvalException {
        switch (type) {
            case INT:
                return intValue;
            case DOUBLE: {
                // pgbench rounds a double to the nearest integer (half to even) when an integer is needed
                double rounded = Math.rint(doubleValue);
                if (Double.isNaN(rounded) || rounded < -9.223372036854776E18 || rounded >= 9.223372036854776E18) {
                    throw new EvalException("double to int overflow for " + doubleValue);
                }
                return (long) rounded;
            }
            default:
                throw new EvalException("cannot coerce " + typeName() + " to int");
        }
    }

    double asDouble() throws EvalException {
        switch (type) {
            case INT:
                return intValue;
            case DOUBLE:
                return doubleValue;
            default:
                throw new EvalException("cannot coerce " + typeName() + " to double");
        }
    }

    boolean asBool() throws EvalException {
        switch (type) {
            case BOOL:
                return boolValue;
            case INT:
                return intValue != 0;
            case DOUBLE:
                return doubleValue != 0.0;
            default:
                throw new EvalException("cannot coerce " + typeName() + " to boolean");
        }
    }

    String typeName() {
        return switch (type) {
            case UNSET -> "an undefined value";
            case NULL -> "NULL";
            case BOOL -> "boolean";
            case INT -> "int";
            case DOUBLE -> "double";
            case TEXT -> "text";
        };
    }

    /** The value as text, as pgbench prints it and as a SQL parameter receives it. */
    @Override
    public String toString() {
        return switch (type) {
            case UNSET, NULL -> "";
            case BOOL -> boolValue ? "true" : "false";
            case INT -> Long.toString(intValue);
            case DOUBLE -> Double.toString(doubleValue);
            case TEXT -> text;
        };
    }
}
