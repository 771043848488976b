package io.tunescope.experiment;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.tunescope.Outcome;

import java.util.Map;

/**
 * What the plan summary says of one cell: where it is, its levels, how it ended, and the one-line problem if any.
 * {@code failureKind} (bad input or failure; null unless failed) lives in memory only, so the summary file keeps the
 * fields it always had and reads back with a null kind; there the problem text of a bad-input cell starts with
 * {@code bad input: }.
 */
public record CellResult(String id, String scenario, Map<String, String> levels, int repetition, CellStatus status,
                         Long wallMillis, String problem, @JsonIgnore Outcome failureKind) {
}
