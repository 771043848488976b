package io.tunescope.workload;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import io.tunescope.BadInputException;
import io.tunescope.workload.file.FileWorkload;
import io.tunescope.workload.file.WorkloadFiles;
import io.tunescope.workload.mix.PhaseList;
import io.tunescope.workload.mix.PhasedWorkload;
import io.tunescope.workload.mix.TransactionWorkload;
import io.tunescope.workload.pgbench.PgbenchWorkload;
import io.tunescope.workload.pgbench.ScriptSource;
import io.tunescope.workload.tpcc.TpccWorkload;
import io.tunescope.workload.tpch.TpchQueries;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * What each user runs in one iteration: {@code sequence} (Q1..Q22, in order or, when permuted, in a seeded order per
 * user and iteration), {@code single:Qn} (one query), or {@code pgbench:...} (one transaction drawn by weight from
 * pgbench scripts, whose text travels here so that a tenant's agent needs no file of the user's), or {@code tpcc}
 * (TPC-C's five transactions in the specification's mix; {@code tpcc:think} with the specification's keying and
 * think times: {@code thinkTimes}), or {@code file:PATH} (a SQL workload file; its text and its CSV files' texts
 * travel in {@code scripts}, the workload file first). {@code phases}, when not null, is the command line's load
 * shape for a workload of named transactions ({@link PhaseList}), in place of its own.
 */
public record WorkloadDefinition(Kind kind, int singleQuery, boolean permuted, List<ScriptSource> scripts,
                                 boolean thinkTimes, String phases) {
    public enum Kind { SEQUENCE, SINGLE, PGBENCH, TPCC, FILE }

    @JsonCreator
    public WorkloadDefinition {
        if (kind == Kind.SINGLE && (singleQuery < 1 || singleQuery > TpchQueries.COUNT)) {
            throw BadInputException.of("workload query", singleQuery, "must be 1 to 22");
        }
        scripts = scripts == null ? List.of() : List.copyOf(scripts);
        if (kind == Kind.PGBENCH) {
            // parses and checks every script: a bad one fails before any tenant starts
            new PgbenchWorkload(scripts);
        }
        if (kind == Kind.FILE && !WorkloadFiles.parse(scripts).file().phases().isEmpty() && phases != null) {
            throw BadInputException.of("phases", phases, "cannot be given for " + FileWorkload.PREFIX
                    + scripts.get(0).file() + ", which has phases of its own");
        }
        if (phases != null) {
            if (kind != Kind.PGBENCH && kind != Kind.TPCC && kind != Kind.FILE) {
                throw BadInputException.of("phases", phases, "apply to workloads of named transactions "
                        + "(pgbench:..., tpcc, file:...), not to TPC-H queries");
            }
            PhaseList.parse(phases);
        }
    }

    public WorkloadDefinition(Kind kind, int singleQuery, boolean permuted, List<ScriptSource> scripts,
                              boolean thinkTimes) {
        this(kind, singleQuery, permuted, scripts, thinkTimes, null);
    }

    /** This workload in the phases {@code text} gives ({@link PhaseList}); itself when {@code text} is null. */
    public WorkloadDefinition withPhases(String text) {
        return text == null ? this : new WorkloadDefinition(kind, singleQuery, permuted, scripts, thinkTimes, text);
    }

    public WorkloadDefinition(Kind kind, int singleQuery, boolean permuted) {
        this(kind, singleQuery, permuted, List.of());
    }

    public WorkloadDefinition(Kind kind, int singleQuery, boolean permuted, List<ScriptSource> scripts) {
        this(kind, singleQuery, permuted, scripts, false);
    }

    public static WorkloadDefinition parse(String text, boolean permuted) {
        return parse(text, permuted, Path.of(""));
    }

    /** As {@link #parse(String, boolean)}, script files resolved against {@code baseDir}. */
    public static WorkloadDefinition parse(String text, boolean permuted, Path baseDir) {
        String t = text.trim();
        if (t.equalsIgnoreCase("sequence")) {
            return new WorkloadDefinition(Kind.SEQUENCE, 0, permuted);
        }
        if (t.regionMatches(true, 0, "single:", 0, 7)) {
            return new WorkloadDefinition(Kind.SINGLE, TpchQueries.parseQueryNumber(t.substring(7)), false);
        }
        if (t.regionMatches(true, 0, PgbenchWorkload.PREFIX, 0, PgbenchWorkload.PREFIX.length())) {
            return new WorkloadDefinition(Kind.PGBENCH, 0, false,
                    PgbenchWorkload.sources(t.substring(PgbenchWorkload.PREFIX.length()), baseDir));
        }
        if (t.regionMatches(true, 0, FileWorkload.PREFIX, 0, FileWorkload.PREFIX.length())) {
            return new WorkloadDefinition(Kind.FILE, 0, false,
                    WorkloadFiles.sources(t.substring(FileWorkload.PREFIX.length()), baseDir));
        }
        if (t.equalsIgnoreCase(TpccWorkload.NAME)) {
            return new WorkloadDefinition(Kind.TPCC, 0, false);
        }
        if (t.equalsIgnoreCase(TpccWorkload.WITH_THINK_TIMES)) {
            return new WorkloadDefinition(Kind.TPCC, 0, false, List.of(), true);
        }
        throw BadInputException.of("workload", text, "must be 'sequence', 'single:Qn' with n from 1 to 22, "
                + "'pgbench:SCRIPT[@WEIGHT],...' (a built-in: tpcb-like, simple-update, select-only, or a file), "
                + "'tpcc' (or 'tpcc:think'), or 'file:PATH' (a workload file)");
    }

    /** The workload of named transactions this definition runs, or null for TPC-H (run query by query). */
    public TransactionWorkload transactions() {
        TransactionWorkload own = switch (kind) {
            case PGBENCH -> new PgbenchWorkload(scripts);
            case TPCC -> new TpccWorkload(thinkTimes);
            case FILE -> new FileWorkload(WorkloadFiles.parse(scripts));
            default -> null;
        };
        return own == null || phases == null ? own : new PhasedWorkload(own, PhaseList.parse(phases));
    }

    /** Executions one iteration of one user makes. */
    @JsonIgnore
    public int executionsPerIteration() {
        return switch (kind) {
            case SEQUENCE -> TpchQueries.COUNT;
            case SINGLE, PGBENCH, TPCC, FILE -> 1;
        };
    }

    /** The query numbers one iteration runs, in order. */
    public List<Integer> queries(long seed, int iteration) {
        if (kind == Kind.SINGLE) {
            return List.of(singleQuery);
        }
        if (kind == Kind.PGBENCH || kind == Kind.TPCC || kind == Kind.FILE) {
            throw new IllegalStateException("a " + kind + " workload runs transactions, not TPC-H queries");
        }
        List<Integer> order = new ArrayList<>(IntStream.rangeClosed(1, TpchQueries.COUNT).boxed().toList());
        if (permuted) {
            Collections.shuffle(order, new Random(seed * 31 + iteration));
        }
        return order;
    }

    @Override
    public String toString() {
        if (kind == Kind.PGBENCH) {
            return PgbenchWorkload.PREFIX + scripts.stream()
                    .map(s -> s.weight() == 1 ? s.name() : s.name() + "@" + s.weight())
                    .collect(Collectors.joining(","));
        }
        if (kind == Kind.TPCC) {
            return thinkTimes ? TpccWorkload.WITH_THINK_TIMES : TpccWorkload.NAME;
        }
        if (kind == Kind.FILE) {
            return FileWorkload.PREFIX + scripts.get(0).file();
        }
        return kind == Kind.SINGLE ? "single:Q" + singleQuery : permuted ? "sequence (permuted)" : "sequence";
    }
}
