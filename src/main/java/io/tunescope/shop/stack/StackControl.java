package io.tunescope.shop.stack;

import io.tunescope.engine.ChildJvmCommand;
import io.tunescope.BadInputException;
import io.tunescope.shop.proxy.NginxProxy;
import io.tunescope.store.FreshOutput;
import io.tunescope.store.Json;
import io.tunescope.store.JsonFiles;
import io.tunescope.store.RecordedProcess;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopStackState;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code shop start|stop|status}: the stack outlives the command. {@code start} launches a supervisor JVM in a
 * session of its own (it survives the terminal, its tiers die with it) and waits for its stack.json; {@code stop}
 * sends it SIGTERM, kills what is left after a grace period, and checks that no tier process remains. A pid read
 * from stack.json is signalled only while it is still the process the stack recorded ({@link RecordedProcess}).
 */
public final class StackControl {
    private static final Duration START_TIMEOUT = Duration.ofMinutes(10);
    private static final long GRACE_SECONDS = 30;

    private StackControl() {
    }

    /** Starts the stack of {@code config} and returns its state once it serves. */
    public static ShopStackState start(ShopStackConfig config) throws IOException, InterruptedException {
        ResultsDir dir = ResultsDir.of(config.out());
        if (Files.exists(dir.shopStackConfig())) {
            FreshOutput.checkPlace(config.out());   // a stack started here before may start here again
        } else {
            FreshOutput.check(config.out());
        }
        if (Files.isDirectory(config.out())) {
            StackStatus found = inspect(config.out());
            if (found.running()) {
                throw BadInputException.of("out", config.out(), "already holds a running stack: shop stop it first");
            }
            if (found.kind() == StackStatus.Kind.UNVERIFIABLE) {
                throw new BadInputException(found.reason().orElseThrow());
            }
        }
        if (config.tiers().hasProxy() && config.tiers().proxyPort() != 0) {
            // here, where the message reaches the user, not only the supervisor's log
            NginxProxy.checkFree(config.tiers().proxyPort());
        }
        Files.createDirectories(dir.tierLog("stack").getParent());
        Files.deleteIfExists(dir.shopStack());
        Json.writeAtomically(dir.shopStackConfig(), config);
        List<String> command = new java.util.ArrayList<>(List.of("setsid"));
        command.addAll(ChildJvmCommand.of("shop-stack", List.of("-Xmx512m"), StackMain.class,
                List.of(dir.shopStackConfig().toAbsolutePath().toString())));
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

    /** The state of the stack in {@code out} if its supervisor is running (the process it recorded, not a reuse). */
    public static Optional<ShopStackState> status(Path out) throws IOException {
        StackStatus status = inspect(out);
        return status.running() ? Optional.of(status.state()) : Optional.empty();
    }

    /** What the stack.json in {@code out} names now: running, stale (gone or not ours), unverifiable, or none. */
    public static StackStatus inspect(Path out) throws IOException {
        if (!Files.isDirectory(out)) {
            throw BadInputException.of("out", out, Files.exists(out) ? "is not a directory"
                    : "does not exist: no stack was started there");
        }
        Path file = ResultsDir.of(out).shopStack();
        return StackStatus.of(file, Files.exists(file) ? JsonFiles.read(file, ShopStackState.class,
                "the state of a stack 'shop start' wrote") : null);
    }

    /**
     * Stops the stack in {@code out}. Each of its pids is signalled only while it is still the process the stack
     * recorded (start time and command line); a stale stack.json is removed, one without records (an older
     * version's) whose supervisor pid is alive is left alone, and nothing is signalled.
     */
    public static StackStatus stop(Path out) throws IOException, InterruptedException {
        StackStatus status = inspect(out);
        if (status.kind() == StackStatus.Kind.NONE || status.kind() == StackStatus.Kind.UNVERIFIABLE) {
            return status;
        }
        // stale (GONE, NOT_OURS): the tiers die with their supervisor, but any still ours are stopped all the same
        stopOurs(status.state().processes());
        Files.deleteIfExists(status.file());
        return status;
    }

    /** SIGTERM to the supervisor (its shutdown hook stops the tiers), then SIGKILL to whatever is still ours. */
    private static void stopOurs(List<RecordedProcess> recorded) throws IOException, InterruptedException {
        recorded.stream().findFirst().flatMap(RecordedProcess::handleIfOurs).ifPresent(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GRACE_SECONDS);
        while (System.nanoTime() < deadline && recorded.stream().anyMatch(StackControl::stillOurs)) {
            Thread.sleep(100);
        }
        List<ProcessHandle> left = recorded.stream().map(RecordedProcess::handleIfOurs).flatMap(Optional::stream)
                .toList();
        left.forEach(ProcessHandle::destroyForcibly);
        long killDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < killDeadline && recorded.stream().anyMatch(StackControl::stillOurs)) {
            Thread.sleep(50);
        }
        List<Long> survivors = recorded.stream().filter(StackControl::stillOurs).map(RecordedProcess::pid).toList();
        if (!survivors.isEmpty()) {
            throw new IOException("shop stop: processes of the stack still running after SIGKILL: " + survivors);
        }
    }

    private static boolean stillOurs(RecordedProcess p) {
        return p.match() == RecordedProcess.Match.OURS;
    }
}
