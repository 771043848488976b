package io.tunescope.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code tunescope shop}: the TPC-W bookstore ({@code run}, {@code capacity}, {@code start}, {@code stop},
 * {@code status}, {@code knobs}, {@code reconfigure}).
 */
@Command(name = "shop", mixinStandardHelpOptions = true,
        description = "The TPC-W bookstore: a database, application nodes (Jetty), a caching proxy (nginx) and "
                + "emulated browsers.",
        subcommands = {ShopRunCommand.class, ShopCapacityCommand.class, ShopReconfigureCommand.class, ShopStackCommands.Start.class,
                ShopStackCommands.Stop.class, ShopStackCommands.Status.class, ShopKnobsCommand.class})
public final class ShopCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
