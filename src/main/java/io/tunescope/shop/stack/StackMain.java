package io.tunescope.shop.stack;

import io.tunescope.Outcome;
import io.tunescope.Progress;
import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopStackState;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

/**
 * The {@code main} of the supervisor that {@code shop start} leaves running: it starts the stack (its tiers die
 * with it), writes stack.json, and waits; SIGTERM ({@code shop stop}) stops the tiers through its shutdown hook.
 * Arguments: out, database, pg-bin or {@code -}, items, browsers, scale-down, seed, then the {@link AppKnobs}.
 */
public final class StackMain {
    private StackMain() {
    }

    public static void main(String[] args) {
        try {
            Path out = Path.of(args[0]);
            int browsers = Integer.parseInt(args[4]);
            ShopRunConfig config = new ShopRunConfig(Mix.BROWSING, browsers, Duration.ZERO, Duration.ofSeconds(1),
                    Duration.ZERO, new ThinkTime(1), new ShopScale(Integer.parseInt(args[3]), browsers,
                    Integer.parseInt(args[5])), args[1], args[2].equals("-") ? null : Path.of(args[2]),
                    AppKnobs.fromArgs(Arrays.copyOfRange(args, 7, 11)), Long.parseLong(args[6]), out, 0, false);
            ShopStack stack = ShopStack.start(config, Progress.NONE);
            CountDownLatch stopped = new CountDownLatch(1);
            Path state = ResultsDir.of(out).shopStack();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                stack.close();
                stopped.countDown();
            }, "shop-stack-stop"));
            Json.writeAtomically(state, new ShopStackState(ProcessHandle.current().pid(), stack.app.baseUrl(),
                    stack.database.kind(), stack.app.pid(), stack.database.pids()));
            stopped.await();
            Files.deleteIfExists(state);
        } catch (Exception e) {
            System.err.println("shop stack: " + e.getMessage());
            System.exit(Outcome.of(e).exitCode());
        }
    }
}
