package io.tunescope.monitor.trace;

import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The kernel event filter of the runtime charges ({@code events/sched/sched_stat_runtime/filter} of the record
 * instance, see {@link TracefsTracer}): charges to the monitored threads, as {@code pid} ranges, and to every task
 * with a higher id than all of them, which threads and children started later get (a server's parallel workers
 * among them: their charges pass before anyone could list them), except the controller's own threads above that id
 * that are not monitored. The filter is on the charged task ({@code pid}), never on the task current when the charge
 * is made: a charge is often made from another task's context. Pure.
 */
final class ChargeFilter {
    private ChargeFilter() {
    }

    /**
     * The filter for {@code monitored} thread ids (not empty) and the controller's {@code own}; each range list is
     * kept within half of {@code maxChars} by merging neighbours (which lets a few more charges through).
     */
    static String of(SortedSet<Integer> monitored, SortedSet<Integer> own, int maxChars) {
        if (monitored.isEmpty()) {
            throw new IllegalArgumentException("no monitored threads to filter charges for");
        }
        int highest = monitored.last();
        SortedSet<Integer> excluded = new TreeSet<>(own.tailSet(highest + 1));
        excluded.removeAll(monitored);
        String later = excluded.isEmpty() ? "pid>" + highest
                : "(pid>" + highest + "&&!(" + SwitchInFilter.ranges("pid", excluded, maxChars / 2) + "))";
        return SwitchInFilter.ranges("pid", monitored, maxChars / 2) + "||" + later;
    }
}
