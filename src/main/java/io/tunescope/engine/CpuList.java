package io.tunescope.engine;

import io.tunescope.BadInputException;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A set of CPU ids in the kernel's list syntax ({@code 0-3,6}), used to pin a tenant's processes (affinity via
 * {@code taskset}, inherited by every thread and child process they start).
 */
public record CpuList(BitSet cpus, String text) {
    public CpuList {
        cpus = (BitSet) cpus.clone();
        if (cpus.isEmpty()) {
            throw BadInputException.of("cpus", text, "must name at least one CPU");
        }
    }

    /** Parses {@code 0-3,6} and checks every CPU exists on this machine ({@code availableCpus} of them). */
    public static CpuList parse(String text, int availableCpus) {
        BitSet cpus = new BitSet();
        for (String part : text.trim().split(",")) {
            String[] range = part.trim().split("-", -1);
            try {
                int from = Integer.parseInt(range[0].trim());
                int to = range.length == 2 ? Integer.parseInt(range[1].trim()) : from;
                if (range.length > 2 || from < 0 || to < from) {
                    throw new NumberFormatException();
                }
                if (to >= availableCpus) {
                    throw BadInputException.of("cpus", text, "names CPU " + to + " but this machine has CPUs 0-"
                            + (availableCpus - 1));
                }
                cpus.set(from, to + 1);
            } catch (NumberFormatException e) {
                throw BadInputException.of("cpus", text, "must be a CPU list such as 0-1,3");
            }
        }
        return new CpuList(cpus, text.trim());
    }

    /**
     * One CPU per tenant, whatever the tenant count: tenant i on CPU i (modulo the CPUs), so a plan can set "one CPU
     * each" against "all on all" for one tenant and for two alike (the study's CPU-assignment factor).
     */
    public static final String ONE_EACH = "one-each";

    /**
     * Parses the per-tenant form: one list for every tenant ({@code 0-1}), one list per tenant separated by
     * {@code /} ({@code 0/1} puts the first tenant on CPU 0, the second on CPU 1), or {@link #ONE_EACH}.
     */
    public static List<CpuList> perTenant(String text, int tenants, int availableCpus) {
        if (text.trim().equals(ONE_EACH)) {
            List<CpuList> each = new ArrayList<>();
            for (int i = 0; i < tenants; i++) {
                each.add(parse(String.valueOf(i % availableCpus), availableCpus));
            }
            return each;
        }
        String[] lists = text.split("/");
        if (lists.length != 1 && lists.length != tenants) {
            throw BadInputException.of("cpus", text, "must give one CPU list for all tenants or one per tenant ("
                    + tenants + "), separated by '/'");
        }
        List<CpuList> result = new ArrayList<>();
        for (int i = 0; i < tenants; i++) {
            result.add(parse(lists[lists.length == 1 ? 0 : i], availableCpus));
        }
        return result;
    }

    public int count() {
        return cpus.cardinality();
    }

    /** Prefix for a command line that runs pinned to these CPUs. */
    public List<String> tasksetPrefix() {
        return List.of("taskset", "-c", text);
    }

    @Override
    public String toString() {
        return text;
    }
}
