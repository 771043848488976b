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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** --seed, --password-env and durations: one option, one default and one parser on every command. */
class SharedOptionsTest {
    private static CommandSpec command(String name) {
        return Main.newCommandLine().getSubcommands().get(name).getCommandSpec();
    }

    private static List<CommandSpec> allCommands() {
        List<CommandSpec> all = new ArrayList<>();
        Main.newCommandLine().getSubcommands().values().forEach(c -> all.add(c.getCommandSpec()));
        return all;
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
        assertThat(durations).isPositive();
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
     * Options that several commands declare each for themselves, because what they mean differs: each command's own
     * results directory, JSON document, measured duration or engines; {@code shop capacity}'s browsers are a list of
     * levels and its think time is scaled to saturate a tier; {@code tune} overrides a tuning file's values.
     */
    private static final Set<String> OWN_PER_COMMAND = Set.of("--out", "--json", "--duration", "--engine",
            "--browsers", "--think-scale", "--threads", "--seed", "--proxy", "--pg-bin", "--monitor", "--iterations",
            "--budget");

    @Test
    void everyOtherOptionIsDeclaredOnceAndSharedAsAMixin() {
        Map<String, Set<Object>> declarations = new TreeMap<>();
        collect(Main.newCommandLine(), declarations);
        Map<String, Integer> repeated = new TreeMap<>();
        declarations.forEach((name, fields) -> {
            if (fields.size() > 1 && !OWN_PER_COMMAND.contains(name)) {
                repeated.put(name, fields.size());
            }
        });
        assertThat(repeated).as("options declared in more than one place").isEmpty();
        assertThat(declarations.get("--ramp-up")).hasSize(1);
        assertThat(command("monitor").findOption("--interval").defaultValue())
                .isEqualTo(command("run").findOption("--interval").defaultValue()).isEqualTo("8ms");
    }

    private static void collect(CommandLine line, Map<String, Set<Object>> declarations) {
        for (OptionSpec option : line.getCommandSpec().options()) {
            if (option.userObject() instanceof java.lang.reflect.Field field) {
                declarations.computeIfAbsent(option.longestName(), n -> new HashSet<>()).add(field);
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
