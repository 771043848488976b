package io.tunescope.workload.pgbench;

/** An expression or command that cannot be evaluated at run time (division by zero, a bad range, ...). */
public final class EvalException extends Exception {
    private static final long serialVersionUID = 1L;

    public EvalException(String message) {
        super(message, null, false, false);
    }
}
