package io.tunescope.workload.tpcc;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Rows as text, tab between values, {@code \N} for null, one line per row: the default format of both PostgreSQL's
 * COPY and MariaDB's LOAD DATA (generated text never holds tab, newline or backslash, so nothing needs escaping).
 */
abstract class TpccTextRows extends TpccRows {
    private final int flushChars;
    private final StringBuilder buffer;

    private TpccTextRows(int flushChars) {
        this.flushChars = flushChars;
        this.buffer = new StringBuilder(flushChars + 4096);
    }

    /** Sends one buffer's worth of lines. */
    abstract void send(byte[] lines) throws SQLException;

    /** Ends the table after the last lines went. */
    abstract void finish() throws SQLException;

    @Override
    void row(Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                buffer.append('\t');
            }
            Object v = values[i];
            buffer.append(v == null ? "\\N" : v instanceof BigDecimal d ? d.toPlainString() : v.toString());
        }
        buffer.append('\n');
        if (buffer.length() >= flushChars) {
            flush();
        }
    }

    private void flush() throws SQLException {
        if (buffer.length() > 0) {
            send(buffer.toString().getBytes(StandardCharsets.UTF_8));
            buffer.setLength(0);
        }
    }

    @Override
    public void close() throws SQLException {
        flush();
        finish();
    }

    /** PostgreSQL: one COPY FROM STDIN per table, fed in chunks of 64 KiB. */
    static TpccRows copy(Connection connection, String table) throws SQLException {
        CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI()
                .copyIn("COPY " + table + " FROM STDIN WITH (FORMAT text)");
        return new TpccTextRows(1 << 16) {
            @Override
            void send(byte[] lines) throws SQLException {
                copy.writeToCopy(lines, 0, lines.length);
            }

            @Override
            void finish() throws SQLException {
                try {
                    copy.endCopy();
                } finally {
                    if (copy.isActive()) {
                        copy.cancelCopy();
                    }
                }
            }
        };
    }

    /**
     * MariaDB: one {@code LOAD DATA LOCAL INFILE} per 4 MiB of lines, each fed from memory through the driver's
     * input-stream hook, so the server reads no file and the generator needs no thread of its own beside it.
     */
    static TpccRows loadData(Connection connection, String table) throws SQLException {
        Statement statement = connection.createStatement();
        org.mariadb.jdbc.Statement mariadb = statement.unwrap(org.mariadb.jdbc.Statement.class);
        String sql = "LOAD DATA LOCAL INFILE 'tpcc-" + table + "' INTO TABLE " + table;
        return new TpccTextRows(1 << 22) {
            @Override
            void send(byte[] lines) throws SQLException {
                mariadb.setLocalInfileInputStream(new ByteArrayInputStream(lines));
                statement.execute(sql);
            }

            @Override
            void finish() throws SQLException {
                statement.close();
            }
        };
    }

    /**
     * Whether this MariaDB connection was opened with local infile allowed (the private server's URL allows it; a
     * user's URL that does not gets multi-row INSERTs, never a setting changed behind the user's back).
     */
    static boolean allowsLocalInfile(Connection connection) throws SQLException {
        return connection.isWrapperFor(org.mariadb.jdbc.Connection.class) && connection
                .unwrap(org.mariadb.jdbc.Connection.class).getContext().getConf().allowLocalInfile();
    }
}
