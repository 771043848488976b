package io.tunescope.cli;

import io.tunescope.BadInputException;
import picocli.CommandLine.Option;

/** {@code --bootstrap}: the refits that give a Universal Scalability Law fit its confidence intervals. */
public final class BootstrapOption {
    @Option(names = "--bootstrap", defaultValue = "300", description = "bootstrap refits per USL fit, 0 for none "
            + "(default: ${DEFAULT-VALUE})")
    int bootstrap;

    int refits() {
        if (bootstrap < 0) {
            throw BadInputException.of("bootstrap", bootstrap, "must be at least 0");
        }
        return bootstrap;
    }
}
