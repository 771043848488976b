package io.tunescope.monitor.role;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * MariaDB/MySQL: threads are mapped through {@code performance_schema.threads.THREAD_OS_ID} to their instrument
 * names ({@code thread/sql/one_connection} is a client connection doing query work, {@code thread/innodb/...} are
 * engine internals). Threads missing from the map (performance_schema off, or a thread started after the map was
 * read) fall back to their kernel names.
 */
public final class MariaDbClassifier implements RoleClassifier {
    private final Map<Integer, String> instrumentByTid;
    private final RoleClassifier fallback = new NameBasedClassifier();

    public MariaDbClassifier(Map<Integer, String> instrumentByTid) {
        this.instrumentByTid = Map.copyOf(instrumentByTid);
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
        if (instrument == null) {
            return fallback.classify(thread);
        }
        String shortName = instrument.substring(instrument.lastIndexOf('/') + 1);
        if (instrument.equals("thread/sql/one_connection")) {
            return new Classification(ThreadRole.WORKER, "mariadb-connection");
        }
        return new Classification(ThreadRole.ENGINE, "mariadb-" + NameBasedClassifier.groupName(shortName));
    }
}
