package io.tunescope.workload.pgbench;

/** pgbench's operators: arithmetic (integer when both sides are, else double), comparison, bitwise and logic. */
final class Operators {
    private Operators() {
    }

    enum Op { ADD, SUB, MUL, DIV, MOD, EQ, NE, LT, LE, GT, GE, BITAND, BITOR, BITXOR, SHL, SHR }

    static final class Binary extends Expr {
        final Op op;
        final Expr left;
        final Expr right;

        Binary(Op op, Expr left, Expr right) {
            this.op = op;
            this.left = left;
            this.right = right;
        }

        @Override
        Value eval(Env env) throws EvalException {
            Value l = left.eval(env);
            Value r = right.eval(env);
            if (l.type == Value.Type.NULL || r.type == Value.Type.NULL) {
                return out.setNull();
            }
            boolean ints = l.type == Value.Type.INT && r.type == Value.Type.INT;
            switch (op) {
                case ADD, SUB, MUL, DIV:
                    return ints ? out.setInt(integer(op, l.intValue, r.intValue))
                            : out.setDouble(real(op, l.asDouble(), r.asDouble()));
                case MOD: {
                    long a = l.asInt();
                    long b = r.asInt();
                    if (b == 0) {
                        throw new EvalException("division by zero");
                    }
                    return out.setInt(b == -1 ? 0 : a % b);
                }
                case EQ, NE, LT, LE, GT, GE:
                    return out.setBool(compare(op, ints ? Long.compare(l.intValue, r.intValue)
                            : Double.compare(l.asDouble(), r.asDouble())));
                case BITAND:
                    return out.setInt(l.asInt() & r.asInt());
                case BITOR:
                    return out.setInt(l.asInt() | r.asInt());
                case BITXOR:
                    return out.setInt(l.asInt() ^ r.asInt());
                case SHL:
                    return out.setInt(l.asInt() << r.asInt());
                default:
                    return out.setInt(l.asInt() >> r.asInt());
            }
        }

        private static long integer(Op op, long a, long b) throws EvalException {
            try {
                return switch (op) {
                    case ADD -> Math.addExact(a, b);
                    case SUB -> Math.subtractExact(a, b);
                    case MUL -> Math.multiplyExact(a, b);
                    default -> {
                        if (b == 0) {
                            throw new EvalException("division by zero");
                        }
                        if (a == Long.MIN_VALUE && b == -1) {
                            throw new EvalException("bigint out of range");
                        }
                        yield a / b;
                    }
                };
            } catch (ArithmeticException e) {
                throw new EvalException("bigint out of range");
            }
        }

        private static double real(Op op, double a, double b) throws EvalException {
            return switch (op) {
                case ADD -> a + b;
                case SUB -> a - b;
                case MUL -> a * b;
                default -> {
                    if (b == 0.0) {
                        throw new EvalException("division by zero");
                    }
                    yield a / b;
                }
            };
        }

        private static boolean compare(Op op, int c) {
            return switch (op) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                default -> c >= 0;
            };
        }
    }

    /** Unary minus and bitwise not. */
    static final class Unary extends Expr {
        final boolean bitwise;
        final Expr operand;

        Unary(boolean bitwise, Expr operand) {
            this.bitwise = bitwise;
            this.operand = operand;
        }

        @Override
        Value eval(Env env) throws EvalException {
            Value v = operand.eval(env);
            if (v.type == Value.Type.NULL) {
                return out.setNull();
            }
            if (bitwise) {
                return out.setInt(~v.asInt());
            }
            if (v.type == Value.Type.INT) {
                if (v.intValue == Long.MIN_VALUE) {
                    throw new EvalException("bigint out of range");
                }
                return out.setInt(-v.intValue);
            }
            return out.setDouble(-v.asDouble());
        }
    }

    /** AND and OR with SQL's three-valued logic; the right side is evaluated only when it can change the answer. */
    static final class Logic extends Expr {
        final boolean and;
        final Expr left;
        final Expr right;

        Logic(boolean and, Expr left, Expr right) {
            this.and = and;
            this.left = left;
            this.right = right;
        }

        @Override
        Value eval(Env env) throws EvalException {
            Value l = left.eval(env);
            boolean leftNull = l.type == Value.Type.NULL;
            if (!leftNull && l.asBool() != and) {
                return out.setBool(!and);
            }
            Value r = right.eval(env);
            if (r.type != Value.Type.NULL && r.asBool() != and) {
                return out.setBool(!and);
            }
            return leftNull || r.type == Value.Type.NULL ? out.setNull() : out.setBool(and);
        }
    }

    static final class Not extends Expr {
        final Expr operand;

        Not(Expr operand) {
            this.operand = operand;
        }

        @Override
        Value eval(Env env) throws EvalException {
            Value v = operand.eval(env);
            return v.type == Value.Type.NULL ? out.setNull() : out.setBool(!v.asBool());
        }
    }

    /** {@code IS [NOT] NULL|TRUE|FALSE}, {@code ISNULL}, {@code NOTNULL}: never null themselves. */
    static final class Is extends Expr {
        enum Test { NULL, TRUE, FALSE }

        final Expr operand;
        final Test test;
        final boolean negated;

        Is(Expr operand, Test test, boolean negated) {
            this.operand = operand;
            this.test = test;
            this.negated = negated;
        }

        @Override
        Value eval(Env env) throws EvalException {
            Value v = operand.eval(env);
            boolean result = switch (test) {
                case NULL -> v.type == Value.Type.NULL;
                case TRUE -> v.type != Value.Type.NULL && v.asBool();
                case FALSE -> v.type != Value.Type.NULL && !v.asBool();
            };
            return out.setBool(result != negated);
        }
    }
}
