package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Where a cell of a plan stands; written to the plan summary as {@code done}, {@code failed} or {@code pending}. */
public enum CellStatus {
    /** Ran to completion; a resumed plan does not run it again. */
    @JsonProperty("done") DONE,
    /** Ran and failed; the cell's problem says why, and a resumed plan runs it again. */
    @JsonProperty("failed") FAILED,
    /** Not run yet (the plan stopped before it). */
    @JsonProperty("pending") PENDING
}
