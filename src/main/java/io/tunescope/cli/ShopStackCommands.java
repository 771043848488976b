package io.tunescope.cli;

import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.shop.stack.ShopRunConfig;
import io.tunescope.shop.stack.StackControl;
import io.tunescope.shop.stack.StackStatus;
import io.tunescope.store.ShopStackState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.time.Duration;
import java.util.concurrent.Callable;

/** {@code shop start|stop|status}: a stack that outlives the command, in a results directory. */
final class ShopStackCommands {
    private ShopStackCommands() {
    }

    @Command(name = "start", mixinStandardHelpOptions = true,
            description = "Start the database (populated from the seed), the application nodes and the proxy, and "
                    + "leave them running (stack.json in --out says where); 'shop stop' ends them.")
    static final class Start implements Callable<Integer> {
        @Mixin
        ShopStackOptions stack;

        @Mixin
        SeedOption seed;

        @Mixin
        ShopBrowsersOption load;

        @Mixin
        ShopStackDirOption dir;

        @Override
        public Integer call() throws Exception {
            // checked as a run's would be, before anything starts
            int browsers = load.browsers;
            ShopRunConfig config = new ShopRunConfig(Mix.BROWSING, browsers, Duration.ZERO,
                    Duration.ofSeconds(1), Duration.ZERO, new ThinkTime(1),
                    new ShopScale(stack.items, browsers, stack.scaleDown), stack.database.name, stack.pgBin.dirOrNull(),
                    stack.appKnobs(), seed.seed(), dir.out, 0, false, stack.tiers());
            ShopStackState state = StackControl.start(config.stack());
            String where = state.baseUrls() != null && state.baseUrls().size() > 1
                    ? String.join(", ", state.baseUrls()) + " (one per work line)" : state.baseUrl();
            System.out.println("shop start: serving " + where + " (" + state.database() + "); stop with "
                    + "'tunescope shop stop --out " + dir.out + "'");
            return ExitCode.OK;
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Stop the stack in --out and check that none of its processes is left.")
    static final class Stop implements Callable<Integer> {
        @Mixin
        ShopStackDirOption dir;

        @Override
        public Integer call() throws Exception {
            StackStatus stopped = StackControl.stop(dir.out);
            switch (stopped.kind()) {
                case RUNNING -> System.out.println("shop stop: stopped");
                case UNVERIFIABLE -> {
                    System.err.println("shop stop: " + stopped.reason().orElseThrow());
                    return ExitCode.FAILURE;
                }
                default -> System.out.println("shop stop: nothing was running"
                        + stopped.reason().map(r -> " (" + r + ")").orElse(""));
            }
            return ExitCode.OK;
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Say whether the stack in --out runs and where it serves; exit 1 when it does not run.")
    static final class Status implements Callable<Integer> {
        @Mixin
        ShopStackDirOption dir;

        @Override
        public Integer call() throws Exception {
            StackStatus status = StackControl.inspect(dir.out);
            ShopStackState s = status.state();
            System.out.println(switch (status.kind()) {
                case RUNNING -> "shop status: running, " + s.baseUrl() + " (" + s.database() + ", supervisor pid "
                        + s.supervisorPid() + ")";
                case UNVERIFIABLE -> "shop status: unknown: " + status.reason().orElseThrow();
                default -> "shop status: not running" + status.reason().map(r -> " (" + r + ")").orElse("");
            });
            return status.running() ? ExitCode.OK : ExitCode.FAILURE;
        }
    }
}
