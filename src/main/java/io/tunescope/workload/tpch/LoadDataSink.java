package io.tunescope.workload.tpch;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * MariaDB's bulk path: {@code LOAD DATA LOCAL INFILE} whose "file" is a pipe. Rows are formatted by
 * {@link CopyTextSink} ('|' between fields, backslash escapes, one line per row: the statement's defaults but for the
 * field separator) and streamed into the statement, which runs in a thread of its own while the generator writes;
 * nothing is written to disk. The connection must allow local infile (the private server's URL does).
 */
final class LoadDataSink {
    private static final int PIPE_BYTES = 1 << 20;
    private static final int READ_TIMEOUT_SECONDS = 3600;

    private LoadDataSink() {
    }

    static RowSink open(Connection connection, String table) throws SQLException {
        PipedInputStream in = new PipedInputStream(PIPE_BYTES);
        PipedOutputStream out;
        try {
            out = new PipedOutputStream(in);
        } catch (IOException e) {
            throw new SQLException("cannot open the pipe for LOAD DATA", e);
        }
        Statement statement = connection.createStatement();
        // mid-statement the server waits net_read_timeout (30 s by default) for the next packet; a generator starved
        // of CPU on a loaded machine may pause longer than that, which must not abort the load
        statement.execute("SET SESSION net_read_timeout = " + READ_TIMEOUT_SECONDS);
        statement.unwrap(org.mariadb.jdbc.Statement.class).setLocalInfileInputStream(in);
        FutureTask<Void> load = new FutureTask<>(() -> {
            statement.execute("LOAD DATA LOCAL INFILE 'generated' INTO TABLE " + table
                    + " FIELDS TERMINATED BY '|' LINES TERMINATED BY '\\n'");
            return null;
        });
        Thread loader = new Thread(load, "load-data-" + table);
        loader.setDaemon(true);
        loader.start();
        return new CopyTextSink((bytes, offset, length) -> {
            try {
                out.write(bytes, offset, length);
            } catch (IOException e) {
                throw failure(load, e);
            }
        }, () -> {
            try (statement) {
                out.close();
                load.get();
            } catch (IOException e) {
                throw failure(load, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while loading " + table, e);
            } catch (ExecutionException e) {
                throw asSql(e.getCause());
            }
        });
    }

    /** A broken pipe means the statement ended early: its own error says why. */
    private static SQLException failure(FutureTask<Void> load, IOException pipe) {
        if (load.isDone()) {
            try {
                load.get();
            } catch (ExecutionException e) {
                return asSql(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return new SQLException("LOAD DATA pipe: " + pipe.getMessage(), pipe);
    }

    private static SQLException asSql(Throwable cause) {
        return cause instanceof SQLException sql ? sql : new SQLException(cause.getMessage(), cause);
    }
}
