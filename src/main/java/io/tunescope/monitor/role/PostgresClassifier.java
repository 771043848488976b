package io.tunescope.monitor.role;

import java.util.Locale;

/**
 * PostgreSQL: one process per connection, classified from the process title it sets in its command line
 * ({@code postgres: parallel worker for PID 4711}, {@code postgres: alice tpch 127.0.0.1(5432) SELECT},
 * {@code postgres: checkpointer}). Backends and parallel workers do query work; background processes are engine
 * internals; the postmaster is the process without a {@code postgres: } title.
 */
public final class PostgresClassifier implements RoleClassifier {
    private static final String TITLE = "postgres: ";

    @Override
    public Classification classify(ThreadIdentity thread) {
        String cmd = thread.processCommand().trim();
        if (!cmd.startsWith(TITLE)) {
            return new Classification(ThreadRole.ENGINE, "pg-postmaster");
        }
        String title = cmd.substring(TITLE.length()).trim();
        if (title.startsWith("parallel worker for PID")) {
            return new Classification(ThreadRole.WORKER, "pg-parallel-worker");
        }
        String background = backgroundGroup(title);
        if (background != null) {
            return new Classification(ThreadRole.ENGINE, background);
        }
        return new Classification(ThreadRole.WORKER, "pg-backend");
    }

    /** A backend serves its own connection; a parallel worker its leader's, named in its title. */
    @Override
    public int connectionPid(ThreadIdentity thread) {
        String group = classify(thread).group();
        if (group.equals("pg-backend")) {
            return thread.pid();
        }
        return group.equals("pg-parallel-worker") ? Math.max(0, leaderPid(thread.processCommand())) : 0;
    }

    /** Background process titles are one or a few lowercase words without a client address. */
    private static String backgroundGroup(String title) {
        String[] known = {"checkpointer", "background writer", "walwriter", "wal writer", "autovacuum launcher",
            "autovacuum worker", "logical replication launcher", "logical replication worker", "stats collector",
            "archiver", "walsender", "walreceiver", "startup", "io worker", "walsummarizer"};
        String lower = title.toLowerCase(Locale.ROOT);
        for (String k : known) {
            if (lower.startsWith(k)) {
                return "pg-" + k.replace(' ', '-');
            }
        }
        return null;
    }

    /** The leader pid of a parallel worker's title, or -1 when the title is not a parallel worker's. */
    public static int leaderPid(String processCommand) {
        String marker = "parallel worker for PID ";
        int at = processCommand.indexOf(marker);
        if (at < 0) {
            return -1;
        }
        int start = at + marker.length();
        int end = start;
        while (end < processCommand.length() && Character.isDigit(processCommand.charAt(end))) {
            end++;
        }
        if (end == start || end - start > 9) {
            return -1;
        }
        return Integer.parseInt(processCommand.substring(start, end));
    }
}
