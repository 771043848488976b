package io.tunescope.monitor;

/**
 * One thread over one time window ({@code runDelayNanos}: time spent runnable but waiting for a CPU, schedstat). Counter deltas are null where they could not be measured (file missing, or no
 * reading bounds the window), never zero. {@code firstBusyNanos}/{@code lastBusyNanos} are -1 when the thread was
 * never seen busy (state R, or CPU time growing) in the window.
 */
public record ThreadWindow(ThreadInfo thread, long runningSamples, long sleepingSamples, long rsJumpsSampled,
                           long coreChangesSampled, Long cpuNanos, Long voluntarySwitches, Long involuntarySwitches,
                           Long migrations, Long runDelayNanos, long firstBusyNanos, long lastBusyNanos) {

    public long samples() {
        return runningSamples + sleepingSamples;
    }

    /** Ran in the window: seen running, or its CPU time grew. */
    public boolean active() {
        return runningSamples > 0 || (cpuNanos != null && cpuNanos > 0);
    }
}
