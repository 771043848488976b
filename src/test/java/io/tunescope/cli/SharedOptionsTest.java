package io.tunescope.cli;

import io.tunescope.experiment.TpchRunConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * --seed, --password-env, --json, --out, --pg-bin and durations: one option, one default and one parser on every
 * command; an option declared in a second place fails unless listed with its reason.
 */
class SharedOptionsTest {
    private static CommandSpec command(String name) {
        return Main.newCommandLine().getSubcommands().get(name).getCommandSpec();
    }

    /** Every command, the subcommands of {@code shop} included. */
    private static List<CommandSpec> allCommands() {
        List<CommandSpec> all = new ArrayList<>();
        addWithSubcommands(Main.newCommandLine(), all);
        return all;
    }

    private static void addWithSubcommands(CommandLine line, List<CommandSpec> all) {
        line.getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help")) {
                all.add(sub.getCommandSpec());
                addWithSubcommands(sub, all);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "scale", "usl", "report", "tune-bench"})
    void everySeededCommandHasTheSharedSeedAndItsDefault(String name) {
        OptionSpec seed = command(name).findOption("--seed");
        assertThat(seed).as(name).isNotNull();
        assertThat(seed.defaultValue()).isEqualTo(SeedOption.DEFAULT).isEqualTo("1");
        assertThat(command(name).mixins().values()).anyMatch(m -> m.userObject() instanceof SeedOption
                || m.userObject() instanceof TpchRunOptions);
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "scale"})
    void everyCommandThatConnectsReadsThePasswordFromTheEnvironment(String name) {
        OptionSpec passwordEnv = command(name).findOption("--password-env");
        assertThat(passwordEnv).as(name).isNotNull();
        assertThat(passwordEnv.defaultValue()).isEqualTo("TUNESCOPE_PASSWORD");
    }

    @Test
    void runAndScaleConnectAsTheUserOfOneDeclaration() {
        assertThat(command("scale").findOption("--db-user").userObject())
                .isEqualTo(command("run").findOption("--db-user").userObject());
        assertThat(command("scale").findOption("--user")).isNull();
        ScaleCommand scale = new ScaleCommand();
        new CommandLine(scale).parseArgs("--engine", "jdbc", "--url", "jdbc:h2:mem:x", "--db-user", "sa");
        assertThat(scale.jdbc.user).isEqualTo("sa");
    }

    @Test
    void noCommandTakesAPasswordOnTheCommandLine() {
        for (CommandSpec spec : allCommands()) {
            assertThat(spec.options()).as(spec.name())
                    .noneMatch(o -> o.longestName().toLowerCase().contains("password")
                            && !o.longestName().endsWith("password-env"));   // the name of a variable, never a password
        }
        assertThat(Main.execute("scale", "--engine", "jdbc", "--url", "jdbc:h2:mem:x", "--password", "secret"))
                .isEqualTo(ExitCode.USAGE);
    }

    @Test
    void everyDurationOptionGoesThroughDurationText() {
        int durations = 0;
        for (CommandSpec spec : allCommands()) {
            for (OptionSpec option : spec.options()) {
                if (option.type() == Duration.class) {
                    durations++;
                    assertThat(option.converters()).as(spec.name() + " " + option.longestName())
                            .hasAtLeastOneElementOfType(DurationConverter.class);
                }
            }
        }
        assertThat(durations).as("run's three and the shop's (ramp-up, duration, window, ...)").isGreaterThan(3);
    }

    @Test
    void runTurnsTheSharedOptionsIntoItsConfiguration() {
        RunCommand run = new RunCommand();
        new CommandLine(run).parseArgs("--engine", "jdbc", "--url", "jdbc:h2:mem:x", "--password-env", "PGPASS",
                "--seed", "7", "--wait", "1.5s", "--duration", "2m");
        TpchRunConfig config = run.options.toConfig("run");
        assertThat(config.workload().seed()).isEqualTo(7);
        assertThat(config.connection().passwordEnv()).isEqualTo("PGPASS");
        assertThat(config.workload().waitAfterQuery()).isEqualTo(Duration.ofMillis(1500));
        assertThat(config.workload().duration()).isEqualTo(Duration.ofMinutes(2));

        RunCommand defaults = new RunCommand();
        new CommandLine(defaults).parseArgs();
        assertThat(defaults.options.toConfig("run").workload().seed()).isEqualTo(1);
        assertThat(defaults.options.toConfig("run").connection().passwordEnv()).isEqualTo("TUNESCOPE_PASSWORD");
    }

    @Test
    void theOtherCommandsReadTheSameMixins() {
        ScaleCommand scale = new ScaleCommand();
        new CommandLine(scale).parseArgs("--password-env", "PGPASS");
        assertThat(scale.password.variable()).isEqualTo("PGPASS");
        assertThat(scale.seed.seed()).isEqualTo(1);
        UslCommand usl = new UslCommand();
        new CommandLine(usl).parseArgs("points.csv", "--seed", "42");
        assertThat(usl.seed.seed()).isEqualTo(42);
        ReportCommand report = new ReportCommand();
        new CommandLine(report).parseArgs("dir");
        assertThat(report.seed.seed()).isEqualTo(1);
        TuneBenchCommand bench = new TuneBenchCommand();
        new CommandLine(bench).parseArgs("--seed", "3");
        assertThat(bench.seed.seed()).isEqualTo(3);
    }

    /**
     * The options still declared in more than one place, by the classes that declare them. Each differs from its
     * namesakes in meaning or by design in its default, so no one declaration could say what each means:
     * <ul>
     * <li>{@code --out}: a results directory made up under runs/ when not given ({@link ResultsDirOption}), one
     * written only when given ({@link OptionalResultsDirOption}), tune's session directory (required unless
     * {@code --resume}), export's target (may hold other files) and the directory of a running stack
     * ({@link ShopStackDirOption}, read back by {@code shop stop} and {@code shop status});</li>
     * <li>{@code --duration}: run's has no default (it counts iterations unless given one); the other commands
     * that measure for a set time share {@link MeasurementOption}, each with its own default
     * ({@link CommandDefaults});</li>
     * <li>{@code --engine}: each command takes the engines that can do its job, with its own default: run's tenants
     * (duckdb), monitor's thread-role classifiers (generic), scale's engines (derby, as the Derby study), knobs'
     * tunable engines (required);</li>
     * <li>{@code --threads}: scale's thread counts to measure, tune-bench's runs in parallel;</li>
     * <li>{@code --iterations}: run's iterations per user, scale's measurement iterations per point;</li>
     * <li>{@code --browsers}: one load ({@link ShopBrowsersOption}), shop capacity's list of levels;</li>
     * <li>{@code --seed}, {@code --budget}: tune's override a tuning file's and have no default of their own;</li>
     * <li>{@code --proxy}: the proxy tier a stack starts ({@link ShopStackOptions}: auto, nginx, squid, none), the
     * proxy whose catalog shop knobs prints (nginx or squid).</li>
     * </ul>
     * A new declaration of any option name, of these or of any other, fails {@link #everyOptionIsDeclaredOnce}:
     * mix in the declaration that exists, or add the new one here with its reason.
     */
    private static final Map<String, Set<String>> DECLARED_APART = Map.ofEntries(
            Map.entry("--out", Set.of("ResultsDirOption", "OptionalResultsDirOption", "TuneCommand",
                    "ExportCommand", "ShopStackDirOption")),
            Map.entry("--duration", Set.of("TpchRunOptions", "MeasurementOption")),
            Map.entry("--engine", Set.of("TpchRunOptions", "MonitorCommand", "ScaleCommand", "KnobsCommand")),
            Map.entry("--threads", Set.of("ScaleCommand", "TuneBenchCommand")),
            Map.entry("--iterations", Set.of("TpchRunOptions", "ScaleCommand")),
            Map.entry("--browsers", Set.of("ShopBrowsersOption", "ShopCapacityCommand")),
            Map.entry("--seed", Set.of("SeedOption", "TuneCommand")),
            Map.entry("--budget", Set.of("TuneCommand", "TuneBenchCommand")),
            Map.entry("--proxy", Set.of("ShopStackOptions", "ShopKnobsCommand")));

    @Test
    void everyOptionIsDeclaredOnce() {
        Map<String, Set<String>> apart = declaredApart(Main.newCommandLine());
        Map<String, Set<String>> unlisted = new TreeMap<>(apart);
        unlisted.entrySet().removeIf(e -> e.getValue().equals(DECLARED_APART.get(e.getKey())));
        assertThat(unlisted).as("options declared in a second class: mix in the one declaration, or list the new one "
                + "in DECLARED_APART with why it differs").isEmpty();
        assertThat(apart).as("DECLARED_APART lists what is still declared apart, no more").isEqualTo(DECLARED_APART);
        assertThat(command("monitor").findOption("--interval").defaultValue())
                .isEqualTo(command("run").findOption("--interval").defaultValue()).isEqualTo("8ms");
    }

    /** A command added with its own {@code --json}, or its own {@code --out}, is caught. */
    @Test
    void aSecondDeclarationOfAnOptionFailsTheCheck() {
        CommandLine line = Main.newCommandLine();
        line.addSubcommand("copies", new DeclaresItsOwn());
        Map<String, Set<String>> apart = declaredApart(line);
        assertThat(apart).containsEntry("--json", Set.of("JsonOption", "DeclaresItsOwn"));
        assertThat(apart.get("--out")).contains("DeclaresItsOwn").hasSize(DECLARED_APART.get("--out").size() + 1);
        assertThat(apart).isNotEqualTo(DECLARED_APART);
    }

    @CommandLine.Command(name = "copies")
    static final class DeclaresItsOwn {
        @CommandLine.Option(names = "--json")
        boolean json;

        @CommandLine.Option(names = "--out")
        java.nio.file.Path out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"monitor", "tune-bench", "knobs", "usl"})
    void everyCommandThatPrintsJsonTakesTheSharedSwitch(String name) {
        assertThat(command(name).mixins().values()).anyMatch(m -> m.userObject() instanceof JsonOption);
        assertThat(command(name).findOption("--json").description())
                .containsExactly("Print the result as one JSON document on stdout instead of a table.");
    }

    @Test
    void aResultsDirectoryNotGivenIsANewOneUnderRuns() {
        ShopRunCommand shop = new ShopRunCommand();
        new CommandLine(shop).parseArgs();
        java.nio.file.Path made = shop.out.dir("shop");
        assertThat(made.getParent()).isEqualTo(java.nio.file.Path.of("runs"));
        assertThat(made.getFileName().toString()).startsWith("shop-");
        new CommandLine(shop).parseArgs("--out", "here");
        assertThat(shop.out.dir("shop")).isEqualTo(java.nio.file.Path.of("here"));
        MonitorCommand monitor = new MonitorCommand();
        new CommandLine(monitor).parseArgs("--pid", "1");
        assertThat(monitor.out.dirOrNull()).isNull();
        assertThat(command("run").findOption("--pg-bin").userObject())
                .isEqualTo(command("shop").subcommands().get("run").getCommandSpec().findOption("--pg-bin").userObject());
    }

    /** Each option name declared in more than one class (a mixin counts once), by the declaring classes' names. */
    private static Map<String, Set<String>> declaredApart(CommandLine line) {
        Map<String, Set<String>> declarations = new TreeMap<>();
        collect(line, declarations);
        declarations.values().removeIf(classes -> classes.size() < 2);
        return declarations;
    }

    private static void collect(CommandLine line, Map<String, Set<String>> declarations) {
        for (OptionSpec option : line.getCommandSpec().options()) {
            if (option.userObject() instanceof java.lang.reflect.Field field) {
                declarations.computeIfAbsent(option.longestName(), n -> new TreeSet<>())
                        .add(field.getDeclaringClass().getSimpleName());
            }
        }
        line.getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help")) {
                collect(sub, declarations);
            }
        });
    }

    @Test
    void aBadDurationIsBadInput() {
        assertThat(Main.execute("run", "--duration", "-1s")).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--wait", "10 parsecs")).isEqualTo(ExitCode.BAD_INPUT);
    }
}
