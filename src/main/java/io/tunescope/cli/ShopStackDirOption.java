package io.tunescope.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --out} of {@code shop start|stop|status}: the directory of a stack that outlives the command. */
public final class ShopStackDirOption {
    @Option(names = "--out", required = true, paramLabel = "DIR", description = "the stack's directory")
    Path out;
}
