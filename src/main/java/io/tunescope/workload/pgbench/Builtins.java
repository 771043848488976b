package io.tunescope.workload.pgbench;

import java.util.Map;

/** pgbench's built-in scripts, as its documentation defines them; each runs against pgbench's standard tables. */
final class Builtins {
    private Builtins() {
    }

    /** The variables, the transaction's start and the account's update and read, which both writing scripts share. */
    private static final String ACCOUNT_UPDATE = """
            \\set aid random(1, 100000 * :scale)
            \\set bid random(1, 1 * :scale)
            \\set tid random(1, 10 * :scale)
            \\set delta random(-5000, 5000)
            BEGIN;
            UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
            SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
            """;

    private static final String HISTORY_AND_END = """
            INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
            END;
            """;

    private static final String TPCB_LIKE = ACCOUNT_UPDATE + """
            UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;
            UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;
            """ + HISTORY_AND_END;

    private static final String SIMPLE_UPDATE = ACCOUNT_UPDATE + HISTORY_AND_END;

    private static final String SELECT_ONLY = """
            \\set aid random(1, 100000 * :scale)
            SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
            """;

    static final Map<String, String> SCRIPTS = Map.of("tpcb-like", TPCB_LIKE, "simple-update", SIMPLE_UPDATE,
            "select-only", SELECT_ONLY);
}
