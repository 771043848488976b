package io.tunescope;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Consumer;

/**
 * The one reporter of what a user should know while code below the command line works: a warning, a note on what
 * was prepared or started, a line a child process wrote that is not part of its protocol. Lines go to stderr unless
 * the entry point or a test sends them elsewhere ({@link #to}), so no class below the command line writes to the
 * terminal itself ({@code LayeringTest} checks it). Progress of a long task goes to {@link Progress} instead.
 */
public final class Notices {
    private static volatile Consumer<String> sink = Notices::toStderr;

    private Notices() {
    }

    /** Reports one line. */
    public static void say(String line) {
        sink.accept(line);
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
