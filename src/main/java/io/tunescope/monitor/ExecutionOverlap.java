package io.tunescope.monitor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * How crowded one execution's window was with executions of the same tenant: what the equal-share rule of
 * {@link QueryMetricsCalculator} divides by.
 *
 * @param meanInFlight time-weighted mean number of the tenant's executions in flight during the window, itself
 *                     included (at least 1; 1 for a window of zero length)
 * @param overlapping  the tenant's executions whose windows overlap this one for a positive time, itself included
 *                     (at least 1)
 */
public record ExecutionOverlap(double meanInFlight, int overlapping) {
    public ExecutionOverlap {
        if (!(meanInFlight >= 1)) {
            throw new IllegalArgumentException("meanInFlight (" + meanInFlight + ") must be at least 1");
        }
        if (overlapping < 1) {
            throw new IllegalArgumentException("overlapping (" + overlapping + ") must be at least 1");
        }
    }

    /**
     * The overlap of every execution, in order. One sort of each tenant's start and end events and one sweep over
     * them: O(n log n), so an hour-long run with many users does not stall at the end as comparing every execution
     * with every other did.
     */
    public static List<ExecutionOverlap> of(List<Execution> executions) {
        Map<String, List<Integer>> byTenant = new LinkedHashMap<>();
        for (int i = 0; i < executions.size(); i++) {
            byTenant.computeIfAbsent(executions.get(i).tenant(), t -> new ArrayList<>()).add(i);
        }
        ExecutionOverlap[] out = new ExecutionOverlap[executions.size()];
        for (List<Integer> members : byTenant.values()) {
            Sweep sweep = new Sweep(members.stream().map(executions::get).toList());
            for (int k = 0; k < members.size(); k++) {
                out[members.get(k)] = sweep.result(k);
            }
        }
        return Arrays.asList(out);
    }

    /**
     * One tenant's executions swept in time order. At each instant the ends come before the starts, so windows
     * that only touch do not overlap. The integral of the number in flight over time, read at an execution's start
     * and end, gives the sum of its overlaps with all others; starts before its end minus ends up to its start give
     * the number it overlaps.
     */
    private static final class Sweep {
        private final long[] starts;
        private final long[] ends;
        private final long[] inFlightNanosAtStart;
        private final long[] inFlightNanosAtEnd;
        private final int[] startsBeforeEnd;
        private final int[] endsUpToStart;
        /** For a zero-length window: the zero-length windows at the same instant, itself included. */
        private final int[] zeroLengthAtSameInstant;

        Sweep(List<Execution> executions) {
            int n = executions.size();
            starts = executions.stream().mapToLong(Execution::startNanos).toArray();
            ends = executions.stream().mapToLong(Execution::endNanos).toArray();
            inFlightNanosAtStart = new long[n];
            inFlightNanosAtEnd = new long[n];
            startsBeforeEnd = new int[n];
            endsUpToStart = new int[n];
            zeroLengthAtSameInstant = new int[n];
            run(order(starts), order(ends));
        }

        private void run(int[] byStart, int[] byEnd) {
            int n = starts.length;
            long area = 0;
            long inFlight = 0;
            long now = n == 0 ? 0 : starts[byStart[0]];
            int s = 0;
            int e = 0;
            while (e < n) {
                long t = s < n ? Math.min(starts[byStart[s]], ends[byEnd[e]]) : ends[byEnd[e]];
                area += inFlight * (t - now);
                now = t;
                for (; e < n && ends[byEnd[e]] == t; e++) {
                    inFlightNanosAtEnd[byEnd[e]] = area;
                    startsBeforeEnd[byEnd[e]] = s;
                    inFlight--;
                }
                int firstStart = s;
                int zeroLength = 0;
                for (; s < n && starts[byStart[s]] == t; s++) {
                    inFlightNanosAtStart[byStart[s]] = area;
                    endsUpToStart[byStart[s]] = e;
                    zeroLength += ends[byStart[s]] == t ? 1 : 0;
                    inFlight++;
                }
                for (int j = firstStart; j < s; j++) {
                    zeroLengthAtSameInstant[byStart[j]] = ends[byStart[j]] == t ? zeroLength : 0;
                }
            }
        }

        /**
         * A zero-length window at t overlaps the windows around t; the count "starts before t minus ends up to t"
         * subtracts each zero-length window at t once without having added it, so those are added back.
         */
        ExecutionOverlap result(int k) {
            long span = ends[k] - starts[k];
            double mean = span <= 0 ? 1.0
                    : Math.max(1.0, (double) (inFlightNanosAtEnd[k] - inFlightNanosAtStart[k]) / span);
            int overlapping = startsBeforeEnd[k] - endsUpToStart[k] + zeroLengthAtSameInstant[k];
            return new ExecutionOverlap(mean, Math.max(1, overlapping));
        }

        private static int[] order(long[] keys) {
            return IntStream.range(0, keys.length).boxed().sorted(Comparator.comparingLong(i -> keys[i]))
                    .mapToInt(Integer::intValue).toArray();
        }
    }
}
