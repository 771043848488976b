package io.tunescope.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A probe independent of {@link BadInputSweepTest}'s hand-written cases: generated from the commands' own model, it
 * gives every numeric option of every command (subcommands included) values that are not numbers, and expects each
 * to be refused as usage (exit 2) in exactly one line that names the option, before anything is written. A command
 * or option added later is probed without a new case. Values that are numbers but out of range (negative, huge) are
 * the command's own rule: {@code scripts/option-probe.sh} runs those, each in its own process with a time limit.
 */
class OptionProbeTest {
    private static final Set<Class<?>> NUMERIC = Set.of(int.class, Integer.class, long.class, Long.class,
            double.class, Double.class, float.class, Float.class, short.class, Short.class);
    private static final List<String> NOT_NUMBERS = List.of("abc", "", "1x", "0x10");

    /** One numeric option of one command: the command's path from the top ("shop run") and the option's name. */
    record NumericOption(List<String> command, String option) {
        @Override
        public String toString() {
            return String.join(" ", command) + " " + option;
        }
    }

    /** Every numeric option of every command, walked from the model {@link Main} builds. */
    static List<NumericOption> numericOptions() {
        List<NumericOption> out = new ArrayList<>();
        walk(Main.newCommandLine(), new ArrayList<>(), out);
        return out;
    }

    private static void walk(CommandLine command, List<String> path, List<NumericOption> out) {
        for (OptionSpec option : command.getCommandSpec().options()) {
            if (NUMERIC.contains(option.type()) && !option.usageHelp() && !option.versionHelp()) {
                out.add(new NumericOption(List.copyOf(path), option.longestName()));
            }
        }
        command.getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help") && sub.getCommandName().equals(name)) {   // aliases are the same command
                List<String> deeper = new ArrayList<>(path);
                deeper.add(name);
                walk(sub, deeper, out);
            }
        });
    }

    @Test
    void everyNumericOptionRefusesWhatIsNotANumberInOneLineNamingIt(@TempDir Path tmp) {
        List<NumericOption> options = numericOptions();
        assertThat(options).as("numeric options found in the model").hasSizeGreaterThan(40);
        List<String> failures = new ArrayList<>();
        // one model for all cases (building it is most of a case's cost): picocli resets every option before a parse
        StringWriter err = new StringWriter();
        CommandLine cl = Main.newCommandLine();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        int n = 0;
        for (NumericOption o : options) {
            for (String value : NOT_NUMBERS) {
                Path out = tmp.resolve("out-" + n++);
                List<String> args = new ArrayList<>(o.command());
                args.addAll(List.of(o.option(), value, "--out", out.toString()));
                err.getBuffer().setLength(0);
                int code = cl.execute(args.toArray(String[]::new));
                List<String> lines = err.toString().lines().filter(l -> !l.isBlank()).toList();
                String problem = code != ExitCode.USAGE ? "exit " + code
                        : lines.size() != 1 ? lines.size() + " lines on stderr"
                        : !lines.get(0).contains(o.option()) ? "does not name " + o.option() + ": " + lines.get(0)
                        : Files.exists(out) ? "wrote " + out : null;
                if (problem != null) {
                    failures.add(o + " '" + value + "': " + problem);
                }
            }
        }
        assertThat(failures).as("cases that were not refused in one line naming the option").isEmpty();
    }

    /**
     * Prints the probe's cases for {@code scripts/option-probe.sh}, one per line: the command, the option, whether
     * the command takes {@code --out}, whether it requires a positional parameter.
     */
    public static void main(String[] args) {
        CommandLine top = Main.newCommandLine();
        for (NumericOption o : numericOptions()) {
            CommandLine command = top;
            for (String name : o.command()) {
                command = command.getSubcommands().get(name);
            }
            var spec = command.getCommandSpec();
            boolean required = spec.positionalParameters().stream().anyMatch(p -> p.required());
            System.out.println(String.join(" ", o.command()) + "\t" + o.option() + "\t"
                    + (spec.findOption("--out") != null) + "\t" + required);
        }
    }
}
