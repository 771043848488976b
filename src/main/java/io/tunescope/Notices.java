package io.tunescope;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.function.Consumer;

/**
 * The one reporter of what a user should know while code below the command line works: a warning, a note on what
 * was prepared or started, a line a child process wrote that is not part of its protocol. Lines go to stderr unless
 * the entry point or a test sends them elsewhere ({@link #to}), so no class below the command line writes to the
 * terminal itself ({@code LayeringTest} checks it). Progress of a long task goes to {@link Progress} instead.
 */
public final class Notices {
    private static volatile Consumer<String> sink = Notices::toStderr;
    /** How many of the latest lines {@link #since} can return; the count goes on past it. */
    public static final int KEPT = 200;
    private static final java.util.concurrent.atomic.AtomicLong SAID = new java.util.concurrent.atomic.AtomicLong();
    private static final java.util.Deque<String> LATEST = new java.util.ArrayDeque<>();

    private Notices() {
    }

    /** Reports one line. */
    public static void say(String line) {
        synchronized (LATEST) {
            SAID.incrementAndGet();
            LATEST.addLast(line);
            if (LATEST.size() > KEPT) {
                LATEST.removeFirst();
            }
        }
        sink.accept(line);
    }

    /** The number of lines reported so far in this JVM: a mark for {@link #since}. */
    public static long mark() {
        return SAID.get();
    }

    /**
     * The lines reported after {@code mark}: their count, and the latest of them (at most {@link #KEPT}), so that a
     * summary says what its run printed.
     */
    public static Said since(long mark) {
        synchronized (LATEST) {
            long count = SAID.get() - mark;
            List<String> all = new java.util.ArrayList<>(LATEST);
            int keep = (int) Math.min(count, all.size());
            return new Said(count, List.copyOf(all.subList(all.size() - keep, all.size())));
        }
    }

    /** {@code count} lines reported, of which {@code latest} are the last ones (all of them when few). */
    public record Said(long count, List<String> latest) {
    }

    /** Reports a failure with its stack trace (a child process's last words before it exits). */
    public static void sayWithTrace(Throwable e) {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        trace.toString().lines().forEach(Notices::say);
    }

    /** Sends every line to {@code target} until the returned handle is closed, which restores the previous place. */
    public static Redirect to(Consumer<String> target) {
        Consumer<String> previous = sink;
        sink = target;
        return () -> sink = previous;
    }

    /** Where lines went before {@link #to}, restored on close. */
    @FunctionalInterface
    public interface Redirect extends AutoCloseable {
        @Override
        void close();
    }

    private static void toStderr(String line) {
        System.err.println(line);
    }
}
