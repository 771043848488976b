package io.tunescope.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The one place a child JVM's command line is made (tenant agents, shop tiers and their supervisor, scale-lab forks,
 * line tuners): the java binary running this JVM, its Java options, its role as {@code -Dtunescope.role}, this
 * class path with every loaded driver jar ({@link DriverJars#classPath()}), the main class (a class, never a name
 * in a string) and its arguments. And the hook that kills a child when this JVM exits first.
 */
public final class ChildJvmCommand {
    private ChildJvmCommand() {
    }

    /** {@code java OPTIONS -Dtunescope.role=ROLE -cp PATH MAIN ARGS}. */
    public static List<String> of(String role, List<String> javaOptions, Class<?> main, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Processes.javaExecutable());
        command.addAll(javaOptions);
        command.add("-Dtunescope.role=" + role);
        command.add("-cp");
        command.add(DriverJars.classPath());
        command.add(main.getName());
        command.addAll(args);
        return command;
    }

    /**
     * Kills {@code children} (run when asked) if this JVM exits before {@link #forget} is called: a Ctrl-C of the
     * controller leaves no child behind. Returns the hook.
     */
    public static Thread killAtExit(String name, Runnable children) {
        Thread hook = new Thread(children, name);
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    /** Drops a hook of {@link #killAtExit}: the children are gone. */
    public static void forget(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs anyway
        }
    }
}
