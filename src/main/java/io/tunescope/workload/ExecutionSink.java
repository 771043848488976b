package io.tunescope.workload;

/** Receives every execution as it completes; implementations must be thread-safe. */
@FunctionalInterface
public interface ExecutionSink {
    void accept(ExecutionRecord execution);
}
