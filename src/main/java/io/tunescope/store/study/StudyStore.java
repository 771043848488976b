package io.tunescope.store.study;

import io.tunescope.store.Json;
import io.tunescope.store.JournalLine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A tuning session's durable log of trials, the one thing the session needs of where its study lives: a file journal
 * beside the results (one tuner), or a PostgreSQL database that several tuner processes, on several hosts, share.
 * A trial is first <em>claimed</em> (it gets its number) and later <em>appended</em> once measured; only appended
 * trials are results. A claim whose writer died before appending is <em>abandoned</em>: a resuming writer takes it
 * over and runs it again, under the same number, exactly once.
 */
public interface StudyStore extends AutoCloseable {
    /** A claimed trial: its number, the configuration it runs (a value per knob name), whether it is the default. */
    record Claim(int trial, Map<String, Object> config, boolean isDefault) {
        public Claim {
            config = Map.copyOf(config);
        }
    }

    /** The study's header, written when it was created. */
    JournalLine.Session header();

    /** Every appended trial, of every writer, in trial-number order. */
    List<JournalLine.Trial> completedTrials();

    /**
     * Claims the number of a new trial. {@code proposed} is the number a session alone on its study would use; a store
     * shared by several writers hands out its own numbers instead, each exactly once.
     */
    int claim(int proposed, Map<String, Object> config, boolean isDefault);

    /**
     * Takes over the trials whose writers died after claiming and before appending them: each such claim is handed to
     * exactly one caller, which must run it again and append it under the same number.
     */
    List<Claim> takeOverAbandoned();

    /** Durably records a completed trial this writer claimed (or took over). */
    void append(JournalLine.Trial trial);

    /** Whether other writers may append to this study while this one does (then it is worth reading again). */
    boolean shared();

    /** Where the study lives, for messages: a file, or a database URL and study name (never a password). */
    String describe();

    @Override
    void close();

    /**
     * Records one replicate of a race (a measurement taken before its trial completes). A store that cannot keep them
     * (a shared study) drops it: a resumed race there measures again what it lost.
     */
    default void appendReplicate(JournalLine.Replicate replicate) {
    }

    /** The replicates recorded so far, in order. */
    default List<JournalLine.Replicate> replicates() {
        return List.of();
    }

    /**
     * Writes the header and every writer's completed trials to {@code file} as journal lines, atomically: a copy,
     * beside the results, of what the store holds.
     */
    default void snapshot(Path file) {
        StringBuilder text = new StringBuilder(header().toJson()).append('\n');
        completedTrials().forEach(t -> text.append(t.toJson()).append('\n'));
        try {
            Json.writeTextAtomically(file, text.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
