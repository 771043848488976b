package io.tunescope.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A tuning session's trials as a table of its {@code results.duckdb}: one row per completed trial of the journal
 * (or of the study snapshot), with its objective, status, race and a {@code config_KNOB} column per knob, so that one
 * query ranks a session's configurations. Lines this version cannot read are left out, as the report does.
 */
public final class TrialsTable {
    public static final String NAME = "trials";

    private TrialsTable() {
    }

    /** The trials of the tuning directory {@code dir}; an empty table when it holds none. */
    public static ResultsTable of(TuningDir dir) {
        List<JournalLine.Trial> trials = new ArrayList<>();
        Path file = dir.trialLines();
        if (Files.isRegularFile(file)) {
            try {
                for (String line : Files.readAllLines(file)) {
                    if (!line.isBlank() && parse(line) instanceof JournalLine.Trial t) {
                        trials.add(t);
                    }
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("cannot read " + file + ": " + Json.why(e), e);
            }
        }
        return of(trials);
    }

    static ResultsTable of(List<JournalLine.Trial> trials) {
        Set<String> knobs = new LinkedHashSet<>();
        trials.forEach(t -> knobs.addAll(t.config().keySet()));
        List<String> columns = new ArrayList<>(List.of("trial", "status", "objective", "is_default", "elapsed_millis",
                "race", "reason", "measurements"));
        knobs.forEach(k -> columns.add("config_" + k));
        List<List<Object>> rows = new ArrayList<>();
        for (JournalLine.Trial t : trials) {
            List<Object> row = new ArrayList<>(Arrays.asList(t.trial(), t.status(), t.objective(), t.isDefault(),
                    t.elapsedMillis(), t.race(), t.reason(), t.measurements().toString()));
            knobs.forEach(k -> row.add(t.config().get(k)));
            rows.add(row);
        }
        return new ResultsTable.Rows(NAME, columns, rows);
    }

    private static JournalLine parse(String line) {
        try {
            return JournalLine.parse(line);
        } catch (IOException e) {
            return null;   // a torn last line of a killed session: the report leaves it out too
        }
    }
}
