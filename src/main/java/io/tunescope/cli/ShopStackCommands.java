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

    /** A command on the stack in {@code --out}: what it does to it, then one line on stdout or stderr. */
    abstract static class OnStack implements Callable<Integer> {
        @Mixin
        ShopStackDirOption dir;

        abstract StackStatus act(java.nio.file.Path stackDir) throws Exception;

        /** The line to print for {@code status}; null for the stack's line on stderr and exit 1. */
        abstract String line(StackStatus status);

        abstract boolean ok(StackStatus status);

        @Override
        public Integer call() throws Exception {
            StackStatus status = act(dir.out);
            String line = line(status);
            if (line == null) {
                System.err.println(name() + ": " + status.reason().orElseThrow());
            } else {
                System.out.println(name() + ": " + line);
            }
            return ok(status) ? ExitCode.OK : ExitCode.FAILURE;
        }

        private String name() {
            return "shop " + getClass().getAnnotation(Command.class).name();
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Stop the stack in --out and check that none of its processes is left.")
    static final class Stop extends OnStack {
        @Override
        StackStatus act(java.nio.file.Path stackDir) throws Exception {
            return StackControl.stop(stackDir);
        }

        @Override
        String line(StackStatus stopped) {
            return switch (stopped.kind()) {
                case RUNNING -> "stopped";
                case UNVERIFIABLE -> null;
                default -> "nothing was running" + stopped.reason().map(r -> " (" + r + ")").orElse("");
            };
        }

        @Override
        boolean ok(StackStatus stopped) {
            return stopped.kind() != StackStatus.Kind.UNVERIFIABLE;
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Say whether the stack in --out runs and where it serves; exit 1 when it does not run.")
    static final class Status extends OnStack {
        @Override
        StackStatus act(java.nio.file.Path stackDir) throws Exception {
            return StackControl.inspect(stackDir);
        }

        @Override
        String line(StackStatus status) {
            ShopStackState s = status.state();
            return switch (status.kind()) {
                case RUNNING -> "running, " + s.baseUrl() + " (" + s.database() + ", supervisor pid "
                        + s.supervisorPid() + ")";
                case UNVERIFIABLE -> "unknown: " + status.reason().orElseThrow();
                default -> "not running" + status.reason().map(r -> " (" + r + ")").orElse("");
            };
        }

        @Override
        boolean ok(StackStatus status) {
            return status.running();
        }
    }
}
