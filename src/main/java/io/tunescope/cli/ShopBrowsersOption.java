package io.tunescope.cli;

import picocli.CommandLine.Option;

/** {@code --browsers} of the shop's commands that run or size for one load of emulated browsers. */
public final class ShopBrowsersOption {
    @Option(names = "--browsers", defaultValue = "50", description = "emulated browsers; the store is sized for "
            + "them (default: ${DEFAULT-VALUE})")
    int browsers;
}
