package io.tunescope.experiment;

import java.util.Map;

/** What the plan summary says of one cell: where it is, its levels, and how it ended (done, failed, pending). */
public record CellStatus(String id, String scenario, Map<String, String> levels, int repetition, String status,
                         Long wallMillis, String problem) {
    public static final String DONE = "done";
    public static final String FAILED = "failed";
    public static final String PENDING = "pending";
}
