package io.tunescope.workload.pgbench;

/**
 * One step of a parsed script, flattened into a program: {@code \if} chains become jumps, so running a script is a
 * loop over an array. Each step carries its line for error messages.
 */
abstract class Command {
    final int line;

    Command(int line) {
        this.line = line;
    }

    /** {@code \set name expression}. */
    static final class Set extends Command {
        final int slot;
        final Expr expression;

        Set(int line, int slot, Expr expression) {
            super(line);
            this.slot = slot;
            this.expression = expression;
        }
    }

    /** {@code \sleep amount [us|ms|s]}: a constant or a variable, times the unit. */
    static final class Sleep extends Command {
        final Expr amount;
        final long unitNanos;

        Sleep(int line, Expr amount, long unitNanos) {
            super(line);
            this.amount = amount;
            this.unitNanos = unitNanos;
        }
    }

    /** What happens to a statement's result: discarded, {@code \gset} (exactly one row) or {@code \aset}. */
    enum Capture { NONE, GSET, ASET }

    /**
     * One SQL command: one statement, or several joined by {@code \;}, each with {@code ?} where the script had a
     * variable, and the slots of those variables in order.
     */
    static final class Sql extends Command {
        final String[] statements;
        final int[][] parameterSlots;
        Capture capture = Capture.NONE;
        String prefix = "";

        Sql(int line, String[] statements, int[][] parameterSlots) {
            super(line);
            this.statements = statements;
            this.parameterSlots = parameterSlots;
        }
    }

    /** Jumps to {@code target} when the condition is false or null ({@code \if}, {@code \elif}). */
    static final class JumpUnless extends Command {
        final Expr condition;
        int target;

        JumpUnless(int line, Expr condition) {
            super(line);
            this.condition = condition;
        }
    }

    /** Jumps to {@code target} (the end of an {@code \if} chain, from the end of a branch). */
    static final class Jump extends Command {
        int target;

        Jump(int line) {
            super(line);
        }
    }
}
