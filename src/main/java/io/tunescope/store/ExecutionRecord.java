package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One run of one query by one user. {@code startNanos} is {@link System#nanoTime()} when the statement was sent (on
 * Linux CLOCK_MONOTONIC, comparable across processes on one machine); {@code startEpochMicros} is the same instant
 * on the wall clock; the response time runs from send to the last row fetched. {@code error} is null on success.
 */
@JsonPropertyOrder({"tenant", "user", "sequence", "iteration", "query", "phase", "startNanos", "startEpochMicros",
        "responseNanos", "rows", "error"})
public record ExecutionRecord(String tenant, int user, long sequence, int iteration, String query, Phase phase,
                              long startNanos, long startEpochMicros, long responseNanos, long rows, String error) {
    public enum Phase { WARMUP, MEASURE }

    public boolean failed() {
        return error != null;
    }
}
