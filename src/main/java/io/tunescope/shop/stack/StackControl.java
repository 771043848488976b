package io.tunescope.shop.stack;

import io.tunescope.BadInputException;
import io.tunescope.engine.Processes;
import io.tunescope.shop.proxy.NginxProxy;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopStackState;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code shop start|stop|status}: the stack outlives the command. {@code start} launches a supervisor JVM in a
 * session of its own (it survives the terminal, its tiers die with it) and waits for its stack.json; {@code stop}
 * sends it SIGTERM, kills what is left after a grace period, and checks that no tier process remains.
 */
public final class StackControl {
    private static final Duration START_TIMEOUT = Duration.ofMinutes(10);
    private static final long GRACE_SECONDS = 30;

    private StackControl() {
    }

    /** Starts the stack of {@code config} and returns its state once it serves. */
    public static ShopStackState start(ShopStackConfig config) throws IOException, InterruptedException {
        ResultsDir dir = ResultsDir.of(config.out());
        if (status(config.out()).isPresent()) {
            throw BadInputException.of("out", config.out(), "already holds a running stack: shop stop it first");
        }
        if (config.tiers().hasProxy() && config.tiers().proxyPort() != 0) {
            // here, where the message reaches the user, not only the supervisor's log
            NginxProxy.checkFree(config.tiers().proxyPort());
        }
        Files.createDirectories(dir.tierLog("stack").getParent());
        Files.deleteIfExists(dir.shopStack());
        Json.writeAtomically(dir.shopStackConfig(), config);
        List<String> command = List.of("setsid", Processes.javaExecutable(), "-Xmx512m",
                "-Dtunescope.role=shop-stack", "-cp", System.getProperty("java.class.path"), StackMain.class.getName(),
                dir.shopStackConfig().toAbsolutePath().toString());
        Process supervisor = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File(
                "/dev/null"))).redirectErrorStream(true).redirectOutput(dir.tierLog("stack").toFile()).start();
        boolean serving = false;
        try {
            ShopStackState state = awaitServing(supervisor, config.out(), dir);
            serving = true;
            return state;
        } finally {
            if (!serving) {
                // interrupted, failed or too slow: nothing of the half-started stack may outlive this command
                supervisor.descendants().forEach(ProcessHandle::destroyForcibly);
                supervisor.destroyForcibly();
                supervisor.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    private static ShopStackState awaitServing(Process supervisor, Path out, ResultsDir dir)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<ShopStackState> state = status(out);
            if (state.isPresent()) {
                return state.get();
            }
            if (!supervisor.isAlive()) {
                throw new IOException("the shop stack did not start (see " + dir.tierLog("stack") + ")");
            }
            Thread.sleep(200);
        }
        throw new IOException("the shop stack did not start within " + START_TIMEOUT.toMinutes() + " min");
    }

    /** The state of the stack in {@code out} if its supervisor is running. */
    public static Optional<ShopStackState> status(Path out) throws IOException {
        Path file = ResultsDir.of(out).shopStack();
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        ShopStackState state = Json.read(file, ShopStackState.class);
        return ProcessHandle.of(state.supervisorPid()).filter(ProcessHandle::isAlive).map(p -> state);
    }

    /** Stops the stack in {@code out}; returns false when none was running. */
    public static boolean stop(Path out) throws IOException, InterruptedException {
        Optional<ShopStackState> found = status(out);
        if (found.isEmpty()) {
            Files.deleteIfExists(ResultsDir.of(out).shopStack());
            return false;
        }
        ShopStackState state = found.get();
        List<Long> pids = new ArrayList<>(state.dbPids());
        pids.add(state.appPid());
        if (state.appPids() != null) {
            pids.addAll(state.appPids());
        }
        if (state.proxyPid() > 0) {
            pids.add(state.proxyPid());
        }
        if (state.proxyPids() != null) {
            pids.addAll(state.proxyPids());
        }
        pids.add(state.supervisorPid());
        Optional<ProcessHandle> supervisor = ProcessHandle.of(state.supervisorPid());
        supervisor.ifPresent(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GRACE_SECONDS);
        while (System.nanoTime() < deadline && pids.stream().anyMatch(StackControl::alive)) {
            Thread.sleep(100);
        }
        List<ProcessHandle> left = pids.stream().map(ProcessHandle::of).flatMap(Optional::stream)
                .filter(p -> ofTheStack(p, out)).toList();
        // only processes that are still the stack's: a pid may have been reused by now
        left.forEach(ProcessHandle::destroyForcibly);
        long killDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < killDeadline && left.stream().anyMatch(ProcessHandle::isAlive)) {
            Thread.sleep(50);
        }
        List<Long> survivors = left.stream().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).toList();
        if (!survivors.isEmpty()) {
            throw new IOException("shop stop: processes of the stack still running after SIGKILL: " + survivors);
        }
        Files.deleteIfExists(ResultsDir.of(out).shopStack());
        return true;
    }

    /**
     * A tier JVM says its role on its command line; a PostgreSQL postmaster names its data directory under out, an
     * nginx master its prefix directory there; a private mariadbd names its my.cnf, under out or in a temporary home
     * of tunescope's.
     */
    private static boolean ofTheStack(ProcessHandle p, Path out) {
        String command = p.info().commandLine().orElse("");
        boolean underOut = command.contains(out.toAbsolutePath().toString());
        return command.contains("-Dtunescope.role=shop-")
                || underOut && (command.contains("postgres") || command.contains("nginx"))
                || command.contains("mariadbd") && (underOut || command.contains("tunescope-mdb"));
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
