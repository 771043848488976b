package io.tunescope.shop;

import java.io.IOException;
import java.io.InputStream;

/**
 * Makes a child process of the shop (an application node, the H2 server) die with its parent: the parent holds the
 * child's stdin open, and when it closes it (on stop) or dies (killed, crashed), the child reads end of input, runs
 * its clean-up and exits.
 */
public final class ParentWatch {
    private ParentWatch() {
    }

    /** Watches {@code in} on a daemon thread; at its end runs {@code cleanUp} and exits with status 0. */
    public static void exitWhenClosed(InputStream in, Runnable cleanUp) {
        Thread watch = new Thread(() -> {
            try {
                while (in.read() >= 0) {
                    // the parent sends nothing; the stream only tells that it is still there
                }
            } catch (IOException e) {
                // a broken stream means the parent is gone, as end of input does
            }
            cleanUp.run();
            Runtime.getRuntime().halt(0);
        }, "parent-watch");
        watch.setDaemon(true);
        watch.start();
    }

    /** The line a child prints on stdout once it listens, for the parent to read its port from. */
    public static String readyLine(int port) {
        return "READY " + port;
    }

    /** The port in a {@link #readyLine}, or -1 for any other line. */
    public static int portOf(String line) {
        if (line.startsWith("READY ")) {
            try {
                return Integer.parseInt(line.substring(6).trim());
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return -1;
    }
}
