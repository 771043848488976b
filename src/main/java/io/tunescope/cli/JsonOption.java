package io.tunescope.cli;

import picocli.CommandLine.Option;

/** {@code --json}: the same switch on every command that prints a result, one JSON document instead of a table. */
public final class JsonOption {
    @Option(names = "--json", description = "Print the result as one JSON document on stdout instead of a table.")
    boolean json;

    boolean on() {
        return json;
    }
}
