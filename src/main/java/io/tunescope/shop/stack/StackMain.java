package io.tunescope.shop.stack;

import io.tunescope.BadInputException;
import io.tunescope.Outcome;
import io.tunescope.Progress;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopStackState;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The {@code main} of the supervisor that {@code shop start} leaves running: it reads its {@link ShopStackConfig}
 * from the JSON file named by its one argument, starts the stack (its tiers die with it), writes stack.json, and
 * waits; SIGTERM ({@code shop stop}) stops the tiers through its shutdown hook.
 */
public final class StackMain {
    private StackMain() {
    }

    public static void main(String[] args) {
        try {
            if (args.length != 1) {
                throw BadInputException.of("arguments", String.join(" ", args), "must be the stack's "
                        + "configuration file (stack-config.json)");
            }
            ShopStackConfig config = Json.read(Path.of(args[0]), ShopStackConfig.class);
            ShopStack stack = ShopStack.start(config, Progress.NONE);
            CountDownLatch stopped = new CountDownLatch(1);
            Path state = ResultsDir.of(config.out()).shopStack();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                stack.close();
                stopped.countDown();
            }, "shop-stack-stop"));
            List<Long> proxyPids = stack.lines.stream().filter(l -> l.proxy() != null).map(l -> l.proxy().pid())
                    .toList();
            Json.writeAtomically(state, new ShopStackState(ProcessHandle.current().pid(), stack.baseUrl(),
                    stack.database.kind(), stack.apps.get(0).pid(), stack.database.pids(),
                    stack.apps.stream().map(AppNode::pid).toList(), proxyPids.isEmpty() ? 0 : proxyPids.get(0),
                    stack.lines.stream().map(ShopStack.Line::baseUrl).toList(), proxyPids, null)
                    .recordingProcesses());
            stopped.await();
            Files.deleteIfExists(state);
        } catch (Exception e) {
            System.err.println("shop stack: " + e.getMessage());
            System.exit(Outcome.of(e).exitCode());
        }
    }
}
