package io.tunescope.workload;

import io.tunescope.store.ExecutionRecord;

/** Receives every execution as it completes; implementations must be thread-safe. */
@FunctionalInterface
public interface ExecutionSink {
    void accept(ExecutionRecord execution);
}
