package io.tunescope.monitor.role;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * MariaDB/MySQL: threads are mapped through {@code performance_schema.threads.THREAD_OS_ID} to their instrument
 * names ({@code thread/sql/one_connection} is a client connection doing query work, {@code thread/innodb/...} are
 * engine internals). Threads missing from the map (performance_schema off, or a thread started after the map was
 * read) fall back to their kernel names.
 */
public final class MariaDbClassifier implements RoleClassifier {
    static final String CONNECTION = "thread/sql/one_connection";
    private static final String SERVER_NAME = "mariadbd";
    private final Map<Integer, String> instrumentByTid;
    private final boolean connectionsKnown;
    private final RoleClassifier fallback = new NameBasedClassifier();

    public MariaDbClassifier(Map<Integer, String> instrumentByTid) {
        this(instrumentByTid, false);
    }

    private MariaDbClassifier(Map<Integer, String> instrumentByTid, boolean connectionsKnown) {
        this.instrumentByTid = Map.copyOf(instrumentByTid);
        this.connectionsKnown = connectionsKnown;
    }

    /**
     * A classifier that knows every client connection's thread ({@code connectionTasks}, read by the tenant from
     * {@code information_schema.PROCESSLIST.TID} without performance_schema): those are workers, each serving its own
     * connection ({@link #connectionPid}); any other thread of the server process is an engine internal (InnoDB's
     * I/O, purge and timer threads), since the server runs one thread per connection.
     */
    public static MariaDbClassifier withConnections(Collection<Integer> connectionTasks) {
        Map<Integer, String> map = new HashMap<>();
        connectionTasks.forEach(tid -> map.put(tid, CONNECTION));
        return new MariaDbClassifier(map, true);
    }

    /** Reads the tid → instrument map from a running server; an empty map when performance_schema is off. */
    public static MariaDbClassifier fromServer(Connection connection) throws SQLException {
        Map<Integer, String> map = new HashMap<>();
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery(
                     "SELECT THREAD_OS_ID, NAME FROM performance_schema.threads WHERE THREAD_OS_ID IS NOT NULL")) {
            while (rs.next()) {
                map.put(rs.getInt(1), rs.getString(2));
            }
        }
        return new MariaDbClassifier(map);
    }

    @Override
    public Classification classify(ThreadIdentity thread) {
        String instrument = instrumentByTid.get(thread.tid());
        if (instrument == null && connectionsKnown && SERVER_NAME.equals(thread.name())) {
            return new Classification(ThreadRole.ENGINE, "mariadb-internal");
        }
        if (instrument == null) {
            return fallback.classify(thread);
        }
        String shortName = instrument.substring(instrument.lastIndexOf('/') + 1);
        if (instrument.equals(CONNECTION)) {
            return new Classification(ThreadRole.WORKER, "mariadb-connection");
        }
        return new Classification(ThreadRole.ENGINE, "mariadb-" + NameBasedClassifier.groupName(shortName));
    }

    /** A connection's thread serves that connection alone: its own task is the connection's server "process". */
    @Override
    public int connectionPid(ThreadIdentity thread) {
        return CONNECTION.equals(instrumentByTid.get(thread.tid())) ? thread.tid() : 0;
    }
}
