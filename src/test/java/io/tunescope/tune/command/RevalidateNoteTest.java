package io.tunescope.tune.command;

import io.tunescope.Notices;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code target.revalidate: N} in a file whose session races: the number is not the re-validation's (racing takes
 * {@code protocol.revalidateRuns}), and reading the file says so once, at the key's line; where the number is what
 * the session uses (single, the matrix's rounds) or says "none" (0), nothing is said.
 */
class RevalidateNoteTest {
    private static final String PARAMETERS = "parameters: [{name: threads, min: 1, max: 2}]\n";

    /** The lines reading {@code text} as {@code name} reported about {@code target.revalidate}. */
    private static List<String> notes(String name, String text) {
        List<String> lines = new ArrayList<>();
        Notices.Redirect redirect = Notices.to(line -> {
            synchronized (lines) {
                lines.add(line);
            }
        });
        try {
            TuningFileParser.parse(Path.of(name), text);
        } finally {
            redirect.close();
        }
        synchronized (lines) {
            return lines.stream().filter(l -> l.contains(name) && l.contains("target.revalidate")).toList();
        }
    }

    @Test
    void aNumberOfRunsUnderRacingIsNotedAtItsLine() {
        assertThat(notes("racing-auto.yaml", "target:\n  engine: duckdb\n  revalidate: 5\n" + PARAMETERS))
                .containsExactly("tune: racing-auto.yaml:3: target.revalidate (5) is the re-validation's runs under "
                        + "protocol: single only; this session races and re-validates with protocol.revalidateRuns "
                        + "(auto: as many runs as the measured noise needs, within the budget); write "
                        + "protocol.revalidateRuns: 5 for a fixed number");
        assertThat(notes("racing-fixed.yaml", "target: {engine: duckdb, revalidate: 3}\n" + PARAMETERS
                + "protocol: {revalidateRuns: 8}\n"))
                .containsExactly("tune: racing-fixed.yaml:1: target.revalidate (3) is the re-validation's runs "
                        + "under protocol: single only; this session races and re-validates with "
                        + "protocol.revalidateRuns (8)");
    }

    @Test
    void nothingIsSaidWhereTheNumberIsTheOneUsedOrAbsent() {
        assertThat(notes("single.yaml", "target: {engine: duckdb, revalidate: 5}\n" + PARAMETERS
                + "protocol: single\n")).isEmpty();
        assertThat(notes("none.yaml", "target: {engine: duckdb, revalidate: 0}\n" + PARAMETERS)).isEmpty();
        assertThat(notes("absent.yaml", "target: {engine: duckdb}\n" + PARAMETERS)).isEmpty();
        assertThat(notes("matrix.yaml", "target: {engine: duckdb, revalidate: 3}\n" + PARAMETERS
                + "workloads: [{name: a, workload: sequence}, {name: b, workload: \"single:Q1\"}]\n")).isEmpty();
    }
}
