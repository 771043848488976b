package io.tunescope.monitor.trace;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The one thread that empties the trace instances' ring buffers while tracing runs ({@link RawTraceReader#drain}
 * every {@link #POLL_MILLIS}), so that no buffer fills and the records are decoded as they come rather than all at
 * the end; after {@code calibrateAfterMillis} it runs {@code calibration} once, on the events read by then. It
 * sleeps by parking, never by interrupts: an interrupt would close the channels it reads.
 */
final class TraceDrainer {
    /** How often the buffers are read: 4 MB per CPU holds seconds of the busiest targets measured here. */
    static final long POLL_MILLIS = 100;
    private final List<RawTraceReader> readers;
    private final long calibrateAtNanos;
    private final Runnable calibration;
    private final Thread thread;
    private volatile boolean stopping;
    private volatile IOException failure;

    private TraceDrainer(List<RawTraceReader> readers, long calibrateAfterMillis, Runnable calibration) {
        this.readers = List.copyOf(readers);
        this.calibrateAtNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(calibrateAfterMillis);
        this.calibration = calibration;
        this.thread = new Thread(this::run, "tunescope-trace-reader");
        this.thread.setDaemon(true);
    }

    /** Starts draining {@code readers}; {@code calibration} runs once after {@code calibrateAfterMillis}. */
    static TraceDrainer start(List<RawTraceReader> readers, long calibrateAfterMillis, Runnable calibration) {
        TraceDrainer d = new TraceDrainer(readers, calibrateAfterMillis, calibration);
        d.thread.start();
        return d;
    }

    private void run() {
        boolean calibrated = false;
        try {
            while (true) {
                long now = System.nanoTime();
                long wake = now + TimeUnit.MILLISECONDS.toNanos(POLL_MILLIS);
                if (!calibrated) {
                    wake = Math.min(wake, calibrateAtNanos);
                }
                if (!stopping) {
                    LockSupport.parkNanos(this, Math.max(1, wake - now));
                }
                boolean last = stopping; // set after tracing was turned off: this drain reads the rest
                for (RawTraceReader r : readers) {
                    r.drain();
                }
                if (last) {
                    return;
                }
                if (!calibrated && System.nanoTime() >= calibrateAtNanos) {
                    calibrated = true;
                    calibration.run();
                }
            }
        } catch (IOException | RuntimeException e) {
            failure = e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
    }

    /**
     * Called after tracing was turned off: lets the thread read what the buffers still hold and waits for it (at most
     * {@code timeoutMillis}); fails when reading failed at any point or did not finish in time.
     */
    void finish(long timeoutMillis) throws IOException {
        stopping = true;
        LockSupport.unpark(thread);
        try {
            thread.join(timeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the rest of the trace");
        }
        if (thread.isAlive()) {
            throw new IOException("reading the trace buffers did not finish within " + timeoutMillis + " ms");
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Whether the thread has ended. */
    boolean done() {
        return !thread.isAlive();
    }
}
