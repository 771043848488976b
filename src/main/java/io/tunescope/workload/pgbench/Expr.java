package io.tunescope.workload.pgbench;

/**
 * A node of a parsed pgbench expression. Each node owns the value it evaluates into, so a user's evaluation allocates
 * nothing; the price is that one parsed expression belongs to one user (every user parses its own scripts).
 */
abstract class Expr {
    final Value out = new Value();

    /** Evaluates into {@link #out} (or a variable's own value) and returns it; read it before evaluating again. */
    abstract Value eval(Env env) throws EvalException;

    static final class Const extends Expr {
        Const(Value value) {
            out.copyFrom(value);
        }

        @Override
        Value eval(Env env) {
            return out;
        }
    }

    static final class Var extends Expr {
        final int slot;
        final String name;

        Var(int slot, String name) {
            this.slot = slot;
            this.name = name;
        }

        @Override
        Value eval(Env env) throws EvalException {
            Value v = env.vars[slot];
            if (!v.isSet()) {
                throw new EvalException("undefined variable \"" + name + "\"");
            }
            return out.copyFrom(v).resolveText(name);
        }
    }

    static final class Case extends Expr {
        final Expr[] conditions;
        final Expr[] results;
        final Expr otherwise;

        Case(Expr[] conditions, Expr[] results, Expr otherwise) {
            this.conditions = conditions;
            this.results = results;
            this.otherwise = otherwise;
        }

        @Override
        Value eval(Env env) throws EvalException {
            for (int i = 0; i < conditions.length; i++) {
                Value c = conditions[i].eval(env);
                if (c.type != Value.Type.NULL && c.asBool()) {
                    return out.copyFrom(results[i].eval(env));
                }
            }
            return otherwise == null ? out.setNull() : out.copyFrom(otherwise.eval(env));
        }
    }
}
