package io.tunescope.store.study;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The study store's tables, created if missing: {@code tunescope_study} (one row per study: its name, its header as
 * a journal line, the last trial number handed out) and {@code tunescope_trial} (one row per claimed trial: number,
 * writer, state {@code running} or {@code done}, the configuration it runs and, once done, the journal line of its
 * result), the sequence that numbers writers, and {@code tunescope_round} (the rounds of a partitioning run with
 * one tuner process per work line, {@link PostgresRounds}).
 */
final class StudySchema {
    static final String STUDY = "tunescope_study";
    static final String TRIAL = "tunescope_trial";
    static final String WRITERS = "tunescope_writer_seq";
    /** First key of every advisory lock the store takes (ASCII "tsst"); the second key is a writer's number. */
    static final int LOCK_SPACE = 0x74737374;

    private StudySchema() {
    }

    /** Creates what is missing, serialized by a transaction-level advisory lock so concurrent writers do not race. */
    static void ensure(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_xact_lock(" + LOCK_SPACE + ", 0)");
            s.execute("CREATE TABLE IF NOT EXISTS " + STUDY + " (name text PRIMARY KEY, header text NOT NULL, "
                    + "last_trial integer NOT NULL DEFAULT 0, created_at timestamptz NOT NULL DEFAULT now())");
            s.execute("CREATE TABLE IF NOT EXISTS " + TRIAL + " (study text NOT NULL REFERENCES " + STUDY
                    + " (name), trial integer NOT NULL, writer integer NOT NULL, state text NOT NULL CHECK (state IN "
                    + "('running', 'done')), config text NOT NULL, is_default boolean NOT NULL, result text, "
                    + "claimed_at timestamptz NOT NULL DEFAULT now(), completed_at timestamptz, "
                    + "PRIMARY KEY (study, trial))");
            s.execute("CREATE SEQUENCE IF NOT EXISTS " + WRITERS + " AS integer");
            s.execute("CREATE TABLE IF NOT EXISTS tunescope_round (comparison text NOT NULL, line text NOT NULL, "
                    + "round integer NOT NULL, config text NOT NULL, posted_at timestamptz NOT NULL DEFAULT now(), "
                    + "wips double precision, error text, measured_at timestamptz, "
                    + "PRIMARY KEY (comparison, line, round))");
        }
        c.commit();
    }
}
