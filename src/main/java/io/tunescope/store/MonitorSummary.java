package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code monitor} object of a monitored run's {@code summary.json}: how the threads were observed.
 *
 * @param mode          {@code "sample"} or {@code "exact"} (the scheduler trace beside the samples)
 * @param fallback      why exact mode was asked for but not used, in one line; null otherwise
 * @param traceEvents   scheduler events read from the trace (exact mode)
 * @param lostEvents    events the kernel reported dropped; the exact figures of the threads concerned are bounds
 * @param complete      nothing was lost from the trace
 * @param schedstat     the trace's on-CPU time checked against the kernel's own per-thread totals
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"mode", "fallback", "traceEvents", "lostEvents", "complete", "schedstat"})
public record MonitorSummary(String mode, String fallback, Long traceEvents, Long lostEvents, Boolean complete,
                             SchedstatAgreement schedstat) {
    public static MonitorSummary sampled(String fallback) {
        return new MonitorSummary("sample", fallback, null, null, null, null);
    }

    /**
     * Per-thread on-CPU time of the traced window: the trace's runtime charges (where the kernel records
     * {@code sched_stat_runtime}; else its on-CPU intervals) clipped to each thread's two
     * {@code /proc/TID/schedstat} readings, against the difference of those readings.
     *
     * @param threads                  threads read at both ends (or born in between: from 0)
     * @param traceCpuMillis           their on-CPU time from the trace
     * @param schedstatCpuMillis       the same from schedstat
     * @param totalDifferencePercent   (trace − schedstat) / schedstat over all of them, in percent
     * @param checkedThreads           threads judged one by one: at least {@code minCpuMillis} of schedstat CPU,
     *                                 and off the CPU at both readings
     * @param onCpuAtReading           threads on a CPU while their schedstat was read (a reading that lags by up
     *                                 to a scheduler tick): not judged one by one
     * @param minCpuMillis             the floor below which one thread's percentage is not judged (a tick's
     *                                 staleness of a running thread's schedstat is a large share of a tiny total)
     * @param worstDifferencePercent   the largest |difference| among the checked threads, in percent
     * @param worstTid                 that thread
     * @param withinOnePercent         every checked thread, and the total when it reaches {@code minCpuMillis},
     *                                 agree within 1%; null when neither could be judged
     * @param inferredSwitchIns        switch-ins into these threads the kernel did not record (its pid filter drops
     *                                 some), each started at the earliest moment it can have happened
     * @param inferredWindowMillis     the sum of those windows: the trace's figure is high by at most this much
     * @param recordNarrowedMillis     how much the switch record (the second, unfiltered instance) and the runtime
     *                                 charges ({@code sched_stat_runtime}) took off those windows
     */
    @JsonPropertyOrder({"threads", "traceCpuMillis", "schedstatCpuMillis", "totalDifferencePercent",
        "checkedThreads", "onCpuAtReading", "minCpuMillis", "worstDifferencePercent", "worstTid", "withinOnePercent"})
    public record SchedstatAgreement(int threads, double traceCpuMillis, double schedstatCpuMillis,
                                     double totalDifferencePercent, int checkedThreads, int onCpuAtReading,
                                     double minCpuMillis,
                                     double worstDifferencePercent, int worstTid, Boolean withinOnePercent,
                                     long inferredSwitchIns, double inferredWindowMillis,
                                     double recordNarrowedMillis) {
        public SchedstatAgreement(int threads, double traceCpuMillis, double schedstatCpuMillis,
                                  double totalDifferencePercent, int checkedThreads, int onCpuAtReading,
                                  double minCpuMillis, double worstDifferencePercent, int worstTid,
                                  Boolean withinOnePercent) {
            this(threads, traceCpuMillis, schedstatCpuMillis, totalDifferencePercent, checkedThreads, onCpuAtReading,
                    minCpuMillis, worstDifferencePercent, worstTid, withinOnePercent, 0, 0, 0);
        }
    }
}
