package io.tunescope.workload;

import io.tunescope.BadInputException;
import io.tunescope.workload.tpch.TpchQueries;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * What each user runs in one iteration: {@code sequence} (Q1..Q22, in order or, when permuted, in a seeded order per
 * user and iteration) or {@code single:Qn} (one query).
 */
public record WorkloadDefinition(Kind kind, int singleQuery, boolean permuted) {
    public enum Kind { SEQUENCE, SINGLE }

    public WorkloadDefinition {
        if (kind == Kind.SINGLE && (singleQuery < 1 || singleQuery > TpchQueries.COUNT)) {
            throw BadInputException.of("workload query", singleQuery, "must be 1 to 22");
        }
    }

    public static WorkloadDefinition parse(String text, boolean permuted) {
        String t = text.trim();
        if (t.equalsIgnoreCase("sequence")) {
            return new WorkloadDefinition(Kind.SEQUENCE, 0, permuted);
        }
        if (t.regionMatches(true, 0, "single:", 0, 7)) {
            return new WorkloadDefinition(Kind.SINGLE, TpchQueries.parseQueryNumber(t.substring(7)), false);
        }
        throw BadInputException.of("workload", text, "must be 'sequence' or 'single:Qn' with n from 1 to 22");
    }

    /** The query numbers one iteration runs, in order. */
    public List<Integer> queries(long seed, int iteration) {
        if (kind == Kind.SINGLE) {
            return List.of(singleQuery);
        }
        List<Integer> order = new ArrayList<>(IntStream.rangeClosed(1, TpchQueries.COUNT).boxed().toList());
        if (permuted) {
            Collections.shuffle(order, new Random(seed * 31 + iteration));
        }
        return order;
    }

    @Override
    public String toString() {
        return kind == Kind.SINGLE ? "single:Q" + singleQuery : permuted ? "sequence (permuted)" : "sequence";
    }
}
