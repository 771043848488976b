package io.tunescope.cli;

import io.tunescope.monitor.SamplerMode;
import io.tunescope.shop.stack.ShopRunConfig;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One declaration of {@code --duration}, {@code --think-scale} and the monitor's options, with the default each
 * command chooses: in its help and in what it runs.
 */
class CommandDefaultsTest {
    /** A fresh command of its own, as {@link Main} builds it, to parse into. */
    private static CommandLine command(String... path) {
        Object command = switch (String.join(" ", path)) {
            case "monitor" -> new MonitorCommand();
            case "shop run" -> new ShopRunCommand();
            case "shop reconfigure" -> new ShopReconfigureCommand();
            case "shop capacity" -> new ShopCapacityCommand();
            default -> throw new IllegalArgumentException(String.join(" ", path));
        };
        CommandLine line = new CommandLine(command);
        ShopStackOptions.addKnobOptions(line);
        return line;
    }

    /** The help {@code tunescope PATH --help} prints, blanks and line breaks as one space. */
    private static String help(String... path) {
        CommandLine line = Main.newCommandLine();
        for (String name : path) {
            line = line.getSubcommands().get(name);
        }
        return line.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
    }

    @Test
    void eachCommandMeasuresForItsOwnDefaultThroughTheOneDeclaration() {
        Map<List<String>, String> defaults = Map.of(List.of("monitor"), "5s", List.of("shop", "run"), "60s",
                List.of("shop", "reconfigure"), "90s", List.of("shop", "capacity"), "30s");
        defaults.forEach((path, expected) -> {
            CommandLine line = command(path.toArray(String[]::new));
            line.parseArgs(path.get(0).equals("monitor") ? new String[] {"--pid", "1"} : new String[0]);
            CommandSpec spec = line.getCommandSpec();
            assertThat(spec.findOption("--duration").defaultValueString()).as(path.toString()).isEqualTo(expected);
            Object c = line.getCommand();
            Duration measured = c instanceof MonitorCommand m ? m.measurement.duration()
                    : c instanceof ShopRunCommand r ? r.load.duration()
                    : c instanceof ShopReconfigureCommand r ? r.load.duration()
                    : ((ShopCapacityCommand) c).measurement.duration();
            assertThat(measured).as(path.toString())
                    .isEqualTo(io.tunescope.config.DurationText.parse("duration", expected));
            assertThat(help(path.toArray(String[]::new))).contains("(default: " + expected + ")");
        });
        CommandLine run = command("shop", "run");
        run.parseArgs("--duration", "2m");
        assertThat(((ShopRunCommand) run.getCommand()).load.duration()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void capacityShortensTheThinkTimeTheOtherShopCommandsKeep() {
        CommandLine capacity = command("shop", "capacity");
        capacity.parseArgs();
        assertThat(((ShopCapacityCommand) capacity.getCommand()).thinkScale.thinkScale).isEqualTo(0.002);
        assertThat(help("shop", "capacity")).contains("(default: 0.002)");
        CommandLine run = command("shop", "run");
        run.parseArgs();
        assertThat(((ShopRunCommand) run.getCommand()).load.thinkScale.thinkScale).isEqualTo(1.0);
        assertThat(((java.lang.reflect.Field) run.getCommandSpec().findOption("--think-scale").userObject())
                .getDeclaringClass()).isEqualTo(ThinkScaleOption.class);
        assertThat(((java.lang.reflect.Field) capacity.getCommandSpec().findOption("--think-scale").userObject())
                .getDeclaringClass()).isEqualTo(ThinkScaleOption.class);
    }

    @Test
    void shopRunTakesTheSharedSamplingOptionsAndItsMonitorSamplesAsTold() {
        assertThat(help("shop", "run")).contains("--monitor", "--interval=DURATION", "--counters-every=N",
                "--sampler=full|gated");
        CommandLine line = command("shop", "run");
        line.parseArgs("--monitor", "--interval", "20ms", "--counters-every", "4", "--sampler", "gated");
        ShopRunConfig config = ((ShopRunCommand) line.getCommand()).config();
        assertThat(config.monitor().interval()).isEqualTo(Duration.ofMillis(20));
        assertThat(config.monitor().countersEveryTicks()).isEqualTo(4);
        assertThat(config.monitor().sampler()).isEqualTo(SamplerMode.GATED);

        CommandLine off = command("shop", "run");
        off.parseArgs("--interval", "20ms");
        assertThat(((ShopRunCommand) off.getCommand()).config().monitor()).as("no --monitor, no monitor").isNull();
        CommandLine plain = command("shop", "run");
        plain.parseArgs("--monitor");
        assertThat(((ShopRunCommand) plain.getCommand()).config().monitor().interval())
                .isEqualTo(io.tunescope.monitor.MonitorOptions.DEFAULT_INTERVAL);
    }

    @Test
    void whatTheShopsMonitorCannotDoIsBadInputBeforeAnythingStarts() {
        assertThat(Main.execute("shop", "run", "--monitor", "--exact")).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("shop", "run", "--monitor", "--metrics-port", "9400")).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("shop", "run", "--monitor", "--interval", "0ms")).isEqualTo(ExitCode.BAD_INPUT);
    }

    /** The proxy's options come from its catalogs; Squid's not given follow nginx's, as before they were derived. */
    @Test
    void theProxysOptionsAreItsCatalogsAndSquidsFollowNginxs() {
        CommandLine line = command("shop", "run");
        line.parseArgs("--proxy-cache-size", "128", "--squid-swap-low", "80");
        io.tunescope.shop.proxy.ProxyKnobs knobs = ((ShopRunCommand) line.getCommand()).stack.tiers().proxyKnobs();
        assertThat(knobs.cacheMiB()).isEqualTo(128);
        assertThat(knobs.squid().swapLowPercent()).isEqualTo(80);
        assertThat(knobs.squid().cacheMemMiB()).as("follows --proxy-cache-size").isEqualTo(128);
        assertThat(knobs.squid().maximumObjectKiB()).as("follows --proxy-max-object").isEqualTo(64);

        CommandLine plain = command("shop", "run");
        plain.parseArgs();
        io.tunescope.shop.proxy.ProxyKnobs defaults = ((ShopRunCommand) plain.getCommand()).stack.tiers().proxyKnobs();
        assertThat(defaults).isEqualTo(io.tunescope.shop.proxy.ProxyKnobs.DEFAULTS);
        for (var catalog : List.of(io.tunescope.shop.stack.ShopCatalogs.proxy(),
                io.tunescope.shop.stack.ShopCatalogs.squid())) {
            for (var knob : catalog.knobs()) {
                assertThat(help("shop", "run")).contains("--" + knob.name().replace('_', '-') + "=");
            }
        }
        assertThat(help("shop", "run")).contains("(default: --proxy-cache-size)", "(default: 90)");
    }
}
