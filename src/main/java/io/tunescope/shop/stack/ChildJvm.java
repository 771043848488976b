package io.tunescope.shop.stack;

import io.tunescope.engine.ChildJvmCommand;
import io.tunescope.engine.Processes;
import io.tunescope.shop.ParentWatch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A tier process of the shop in its own JVM on this class path: started with its environment (secrets go there,
 * never on the command line), ready once it prints {@code READY <port>}, and gone after {@link #close()}: its stdin
 * closes (it stops itself), then it is killed if still there. A JVM shutdown hook kills it if the controller exits
 * first (Ctrl-C); if the controller is killed outright, the child sees its stdin end and exits.
 */
record ChildJvm(String name, Process process, int port, Thread killer) implements AutoCloseable {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration GRACE = Duration.ofSeconds(5);

    static ChildJvm start(String name, String role, Class<?> main, List<String> jvmOptions, List<String> args,
                          Map<String, String> env, Path log) throws IOException {
        List<String> command = ChildJvmCommand.of(role, jvmOptions, main, args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(log.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        Thread killer = ChildJvmCommand.killAtExit("shop-stop-" + name, process::destroyForcibly);
        try {
            return new ChildJvm(name, process, awaitReady(name, process, log), killer);
        } catch (IOException | RuntimeException e) {
            process.destroyForcibly();
            ChildJvmCommand.forget(killer);
            throw e;
        }
    }

    private static int awaitReady(String name, Process process, Path log) throws IOException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        Thread timer = new Thread(() -> {
            try {
                if (!process.waitFor(READY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "shop-ready-" + name);
        timer.setDaemon(true);
        timer.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            int port = ParentWatch.portOf(line);
            if (port > 0) {
                timer.interrupt();
                discardRest(out, name);
                return port;
            }
        }
        String why = System.nanoTime() > deadline ? "did not get ready within " + READY_TIMEOUT.toSeconds() + " s"
                : "exited before it was ready";
        throw new IOException("shop " + name + " " + why + " (see " + log + ")");
    }

    /** Reads and drops what the child still writes on stdout, so that a full pipe can never stall it. */
    private static void discardRest(BufferedReader out, String name) {
        Thread drain = new Thread(() -> {
            try (out) {
                while (out.read() >= 0) {
                    // nothing the child prints after it is ready is needed
                }
            } catch (IOException e) {
                // the child is gone
            }
        }, "shop-stdout-" + name);
        drain.setDaemon(true);
        drain.start();
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** CPU time the process used so far, in milliseconds (0 when the system does not tell). */
    double cpuMillis() {
        return process.toHandle().info().totalCpuDuration().map(d -> d.toNanos() / 1e6).orElse(0.0);
    }

    /** Kills it at once, as a crash would (for tests of a dying node). */
    void kill() {
        process.destroyForcibly();
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
        try {
            Processes.awaitExitOrKill(process, GRACE);
        } finally {
            ChildJvmCommand.forget(killer);
        }
    }
}
