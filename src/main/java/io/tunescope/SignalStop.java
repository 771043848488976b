package io.tunescope;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * SIGTERM or Ctrl-C while a long command measures: the JVM's shutdown hook interrupts the thread that measures and
 * holds the exit until that thread says its partial summary is written ({@link #close}), at most
 * {@code waitSeconds}; so what was measured is kept with {@code complete: false}.
 */
public final class SignalStop implements AutoCloseable {
    private final CountDownLatch written = new CountDownLatch(1);
    private final AtomicBoolean signalled = new AtomicBoolean();
    private final Thread hook;

    private SignalStop(String name, long waitSeconds) {
        Thread runner = Thread.currentThread();
        hook = new Thread(() -> {
            signalled.set(true);
            runner.interrupt();
            try {
                written.await(waitSeconds, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name);
    }

    /** Installs the hook for the calling thread. */
    public static SignalStop install(String name, long waitSeconds) {
        SignalStop stop = new SignalStop(name, waitSeconds);
        Runtime.getRuntime().addShutdownHook(stop.hook);
        return stop;
    }

    /** Whether a signal arrived: the interrupt the measuring thread saw came from it. */
    public boolean signalled() {
        return signalled.get();
    }

    /** The summary is written (or never will be): the JVM may exit; the hook is removed unless it runs. */
    @Override
    public void close() {
        written.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down (the signal came): the hook is running and has just been let go
        }
    }
}
