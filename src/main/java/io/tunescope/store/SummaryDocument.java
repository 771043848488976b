package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The summary of a run directory, as read back: a TPC-H run's {@link RunSummary} or a plan's {@link PlanSummary}.
 * Which one a file holds is told by the fields it has, so the files carry no type field.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.DEDUCTION)
@JsonSubTypes({@JsonSubTypes.Type(RunSummary.class), @JsonSubTypes.Type(PlanSummary.class)})
public sealed interface SummaryDocument permits RunSummary, PlanSummary {
    /** Where it was measured; null in a file written without one. */
    RunEnvironment environment();

    /** Reads a run's or a plan's summary (fields this version does not know are skipped). */
    static SummaryDocument read(Path file) throws IOException {
        return Json.read(file, SummaryDocument.class);
    }
}
