package io.tunescope.tune.target;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One measurement run on a thread of its own for at most a time limit: its value, or why it has none ({@code failure}:
 * past the limit, or the exception it threw, named). On a timeout, and when the caller is interrupted, the run is
 * interrupted and waited for, so it has stopped everything it started (servers, tenants, the shop's tiers) before this
 * returns or rethrows. The targets' one way to bound a trial.
 */
public record TimeLimitedRun<T>(T value, String failure) {

    /** Runs {@code work} on a thread named {@code threadName} for at most {@code limit}. */
    public static <T> TimeLimitedRun<T> run(String threadName, Duration limit, Callable<T> work)
            throws InterruptedException {
        FutureTask<T> task = new FutureTask<>(work);
        Thread runner = new Thread(task, threadName);
        runner.start();
        try {
            return new TimeLimitedRun<>(task.get(limit.toMillis(), TimeUnit.MILLISECONDS), null);
        } catch (TimeoutException e) {
            stop(runner);
            return new TimeLimitedRun<>(null, "past its time limit of " + limit.toSeconds() + " s");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return new TimeLimitedRun<>(null, cause.getClass().getSimpleName() + ": " + cause.getMessage());
        } catch (InterruptedException e) {
            stop(runner);
            throw e;
        }
    }

    /** Whether the run finished in time without throwing. */
    public boolean ok() {
        return failure == null;
    }

    /** Interrupts the run and waits until it has stopped everything it started. */
    private static void stop(Thread runner) throws InterruptedException {
        runner.interrupt();
        runner.join();
    }
}
