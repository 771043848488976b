package io.tunescope.monitor.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;

/**
 * The kernel event filter of the switch record ({@code events/sched/sched_switch/filter} of the second instance):
 * switches onto any of the monitored threads, written as ranges of {@code next_pid} ({@code
 * (next_pid>=31400&&next_pid<=31460)||next_pid==31502}) because a process's threads mostly have neighbouring ids.
 * The kernel's filters have no set operator, so a changing thread set means rewriting the filter (see
 * {@link TracefsTracer}). When the expression would be longer than {@code maxChars}, the nearest ranges are merged:
 * the filter then also lets through switches onto some unmonitored threads, which cost a recorded event each and
 * are never asked for. Pure.
 */
public final class SwitchInFilter {
    /** Well below the page the kernel accepts for one filter write. */
    public static final int MAX_CHARS = 2000;

    private SwitchInFilter() {
    }

    /** The filter for {@code tids} (ids above 0; none: a filter that lets nothing through). */
    public static String of(SortedSet<Integer> tids, int maxChars) {
        String ranges = ranges("next_pid", tids, maxChars);
        return ranges.isEmpty() ? "next_pid==0&&prev_pid<0" : ranges;
    }

    /**
     * {@code field} within {@code ids} (above 0), as ranges joined by {@code ||}, the nearest merged while the text
     * is longer than {@code maxChars}; "" when there are none.
     */
    static String ranges(String field, SortedSet<Integer> ids, int maxChars) {
        List<int[]> ranges = new ArrayList<>();
        for (int tid : ids) {
            if (tid <= 0) {
                continue;
            }
            int[] last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
            if (last != null && tid == last[1] + 1) {
                last[1] = tid;
            } else {
                ranges.add(new int[] {tid, tid});
            }
        }
        if (ranges.isEmpty()) {
            return "";
        }
        String text = render(field, ranges);
        while (text.length() > maxChars && ranges.size() > 1) {
            int best = 1;
            for (int i = 2; i < ranges.size(); i++) {
                if (ranges.get(i)[0] - ranges.get(i - 1)[1] < ranges.get(best)[0] - ranges.get(best - 1)[1]) {
                    best = i;
                }
            }
            ranges.get(best - 1)[1] = ranges.get(best)[1];
            ranges.remove(best);
            text = render(field, ranges);
        }
        return text;
    }

    private static String render(String field, List<int[]> ranges) {
        StringBuilder b = new StringBuilder();
        for (int[] r : ranges) {
            if (b.length() > 0) {
                b.append("||");
            }
            if (r[0] == r[1]) {
                b.append(field).append("==").append(r[0]);
            } else {
                b.append('(').append(field).append(">=").append(r[0]).append("&&").append(field).append("<=")
                        .append(r[1]).append(')');
            }
        }
        return b.toString();
    }
}
