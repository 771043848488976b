package io.tunescope.monitor.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code sched_switch}'s {@code prev_state} as the kernel prints it ({@code S}, {@code D}, {@code R}, {@code R+},
 * {@code S|D}...), from the number in the binary record. The flag names come from the event's own {@code print fmt}
 * ({@code __print_flags(prev_state & mask, "|", { 0x01, "S" }, ...) : "R", prev_state & max ? "+" : ""}): a state
 * with none of the flags set is {@code R}, and the bit above the highest flag (the kernel's {@code TASK_REPORT_MAX})
 * adds {@code +}, a preemption. Immutable; the names of the values up to twice that bit are made once, up front
 * (a lookup per switch, no boxing).
 */
final class PrevStateNames {
    private static final Pattern FLAG = Pattern.compile("\\{\\s*(0x[0-9a-fA-F]+|\\d+)\\s*,\\s*\"([^\"]*)\"\\s*}");
    private final long[] values;
    private final String[] names;
    private final long reportMax;
    /** The name of every value below {@code 2 * reportMax} (all the kernel reports), by value. */
    private final String[] known;

    private PrevStateNames(long[] values, String[] names) {
        this.values = values;
        this.names = names;
        long highest = 0;
        for (long v : values) {
            highest = Math.max(highest, v);
        }
        this.reportMax = highest << 1;
        this.known = new String[(int) Math.min(1 << 16, reportMax << 1)];
        for (int v = 0; v < known.length; v++) {
            known[v] = format(v);
        }
    }

    /** The names in {@code printFmt}, {@code sched_switch}'s {@code print fmt}; fails when it lists no flags. */
    static PrevStateNames fromPrintFmt(String printFmt) {
        List<long[]> values = new ArrayList<>();
        List<String> names = new ArrayList<>();
        Matcher m = FLAG.matcher(printFmt);
        while (m.find()) {
            String v = m.group(1);
            values.add(new long[] {v.startsWith("0x") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v)});
            names.add(m.group(2));
        }
        if (values.isEmpty()) {
            throw new IllegalStateException("the kernel's sched_switch print fmt names no prev_state flags");
        }
        return new PrevStateNames(values.stream().mapToLong(a -> a[0]).toArray(), names.toArray(String[]::new));
    }

    /** The text the kernel prints for {@code state}. */
    String name(long state) {
        return state >= 0 && state < known.length ? known[(int) state] : format(state);
    }

    private String format(long state) {
        long flags = state & (reportMax - 1);
        String plus = (state & reportMax) != 0 ? "+" : "";
        if (flags == 0) {
            return "R" + plus;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < values.length && flags != 0; i++) {
            if (values[i] != 0 && (flags & values[i]) == values[i]) {
                b.append(b.length() > 0 ? "|" : "").append(names[i]);
                flags &= ~values[i];
            }
        }
        if (flags != 0) {
            b.append(b.length() > 0 ? "|" : "").append("0x").append(Long.toHexString(flags));
        }
        return b.append(plus).toString();
    }
}
