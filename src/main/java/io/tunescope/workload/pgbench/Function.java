package io.tunescope.workload.pgbench;

import java.util.Locale;
import java.util.Map;

/** A call of one of pgbench's functions; the parser checks the name and the number of arguments. */
final class Function extends Expr {
    enum Name {
        ABS(1, 1), DEBUG(1, 1), DOUBLE(1, 1), EXP(1, 1), GREATEST(1, Integer.MAX_VALUE), HASH(1, 2),
        HASH_FNV1A(1, 2), HASH_MURMUR2(1, 2), INT(1, 1), LEAST(1, Integer.MAX_VALUE), LN(1, 1), MOD(2, 2), PI(0, 0),
        POW(2, 2), POWER(2, 2), RANDOM(2, 2), RANDOM_EXPONENTIAL(3, 3), RANDOM_GAUSSIAN(3, 3), RANDOM_ZIPFIAN(3, 3),
        SQRT(1, 1);

        final int minArgs;
        final int maxArgs;

        Name(int minArgs, int maxArgs) {
            this.minArgs = minArgs;
            this.maxArgs = maxArgs;
        }

        private static final Map<String, Name> BY_TEXT = java.util.Arrays.stream(values())
                .collect(java.util.stream.Collectors.toMap(n -> n.name().toLowerCase(Locale.ROOT), n -> n));

        /** The function of that name (any case), or null. */
        static Name of(String text) {
            return BY_TEXT.get(text.toLowerCase(Locale.ROOT));
        }
    }

    final Name name;
    final Expr[] args;

    Function(Name name, Expr[] args) {
        this.name = name;
        this.args = args;
    }

    @Override
    Value eval(Env env) throws EvalException {
        switch (name) {
            case PI:
                return out.setDouble(Math.PI);
            case GREATEST, LEAST:
                return extreme(env, name == Name.GREATEST);
            case DEBUG:
                // pgbench prints the value; a driver has no terminal, so it only passes the value through
                return out.copyFrom(args[0].eval(env));
            default:
                break;
        }
        Value a = args[0].eval(env);
        if (a.type == Value.Type.NULL) {
            return out.setNull();
        }
        switch (name) {
            case ABS:
                return a.type == Value.Type.INT ? out.setInt(Math.abs(a.intValue)) : out.setDouble(Math.abs(a.asDouble()));
            case DOUBLE:
                return out.setDouble(a.asDouble());
            case INT:
                return out.setInt(a.asInt());
            case EXP:
                return out.setDouble(Math.exp(a.asDouble()));
            case LN:
                return out.setDouble(Math.log(a.asDouble()));
            case SQRT:
                return out.setDouble(Math.sqrt(a.asDouble()));
            case HASH, HASH_MURMUR2, HASH_FNV1A: {
                long value = a.asInt();
                long seed = args.length > 1 ? args[1].eval(env).asInt() : env.defaultSeed;
                return out.setInt(name == Name.HASH_FNV1A ? Distributions.fnv1a(value, seed)
                        : Distributions.murmur2(value, seed));
            }
            default:
                return withSecondArgument(env, a);
        }
    }

    /** The functions of two or three arguments, {@code a} the first one's value (not null). */
    private Value withSecondArgument(Env env, Value a) throws EvalException {
        long first = name == Name.POW || name == Name.POWER ? 0 : a.asInt();
        double firstDouble = a.asDouble();
        Value b = args[1].eval(env);
        switch (name) {
            case POW, POWER:
                return out.setDouble(Math.pow(firstDouble, b.asDouble()));
            case MOD: {
                long divisor = b.asInt();
                if (divisor == 0) {
                    throw new EvalException("division by zero");
                }
                return out.setInt(divisor == -1 ? 0 : first % divisor);
            }
            case RANDOM:
                return out.setInt(Distributions.uniform(env.random, first, b.asInt()));
            default:
                break;
        }
        long ub = b.asInt();
        double parameter = args[2].eval(env).asDouble();
        return out.setInt(switch (name) {
            case RANDOM_EXPONENTIAL -> Distributions.exponential(env.random, first, ub, parameter);
            case RANDOM_GAUSSIAN -> Distributions.gaussian(env.random, first, ub, parameter);
            default -> Distributions.zipfian(env.random, first, ub, parameter);
        });
    }

    /** Integer when every argument is one, else double. */
    private Value extreme(Env env, boolean greatest) throws EvalException {
        boolean allInts = true;
        long bestInt = 0;
        double bestDouble = 0;
        for (int i = 0; i < args.length; i++) {
            Value v = args[i].eval(env);
            if (v.type == Value.Type.NULL) {
                return out.setNull();
            }
            if (v.type == Value.Type.INT && allInts) {
                long x = v.intValue;
                bestInt = i == 0 || (greatest ? x > bestInt : x < bestInt) ? x : bestInt;
                bestDouble = bestInt;
                continue;
            }
            allInts = false;
            double x = v.asDouble();
            bestDouble = i == 0 || (greatest ? x > bestDouble : x < bestDouble) ? x : bestDouble;
        }
        return allInts ? out.setInt(bestInt) : out.setDouble(bestDouble);
    }
}
