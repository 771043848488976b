package io.tunescope.workload.pgbench;

import io.tunescope.BadInputException;

import java.util.Objects;

/**
 * One script of a pgbench workload as the user gave it: its transaction name (a built-in's name or the file's),
 * the file it came from (for {@code file:line} messages), its text and its weight among the workload's scripts.
 */
public record ScriptSource(String name, String file, String text, int weight) {
    public ScriptSource {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(text, "text");
        if (weight < 1) {
            throw BadInputException.of("weight of " + name, weight, "must be at least 1");
        }
    }
}
