package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.Outcome;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code tunescope} command; the only place that calls {@code System.exit}. */
@Command(name = "tunescope",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Database performance engineering: drive workloads, observe threads, explain, tune.",
        subcommands = {
                CommandLine.HelpCommand.class,
                DemoCommand.class,
                RunCommand.class,
                ReportCommand.class,
                MonitorCommand.class,
                TuneCommand.class,
                TuneBenchCommand.class,
                KnobsCommand.class,
                CheckCommand.class, ExportCommand.class,
                ScaleCommand.class, UslCommand.class,
                ShopCommand.class,
        })
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs a command line and returns its exit code; tests call this instead of {@link #main}. */
    public static int execute(String... args) {
        return newCommandLine().execute(args);
    }

    static CommandLine newCommandLine() {
        CommandLine cl = new CommandLine(new Main());
        ShopStackOptions.addKnobOptions(cl);
        cl.setExitCodeExceptionMapper(Main::exitCodeOf);
        cl.setParameterExceptionHandler((ex, args) -> {
            if (ex.getCause() instanceof BadInputException bad) {
                String option = ex.getArgSpec() instanceof CommandLine.Model.OptionSpec o ? o.longestName() + ": " : "";
                ex.getCommandLine().getErr().println("tunescope: " + option + oneLine(bad));
                return ExitCode.BAD_INPUT;
            }
            // one line, as every other refusal: the 60-line usage help after it buried the reason (--help shows it)
            ex.getCommandLine().getErr().println(oneLine(ex));
            return ex.getCommandLine().getCommandSpec().exitCodeOnInvalidInput();
        });
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            cmd.getErr().println("tunescope: " + oneLine(ex));
            return exitCodeOf(ex);
        });
        return cl;
    }

    static int exitCodeOf(Throwable ex) {
        return ExitCode.of(ex instanceof CommandLine.ParameterException ? Outcome.USAGE : Outcome.of(ex));
    }

    private static String oneLine(Throwable ex) {
        String message = ex.getMessage();
        if (message == null || message.isBlank()) {
            message = ex.getClass().getSimpleName();
        }
        return message.replace('\n', ' ');
    }
}
