package io.tunescope.workload.tpch;

import io.trino.tpch.TpchTable;
import io.tunescope.engine.SqlDialect;
import org.duckdb.DuckDBConnection;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

import java.sql.Connection;
import java.sql.SQLException;

/** How generated rows reach a table: the fastest path each kind of database offers. */
public enum LoadMethod {
    /** DuckDB's Appender. */
    APPENDER {
        @Override
        RowSink open(Connection connection, TpchTable<?> table) throws SQLException {
            return new DuckDbAppenderSink(connection.unwrap(DuckDBConnection.class), table.getTableName());
        }
    },
    /** PostgreSQL's COPY FROM STDIN through the driver's CopyManager. */
    COPY {
        @Override
        RowSink open(Connection connection, TpchTable<?> table) throws SQLException {
            CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI()
                    .copyIn("COPY " + table.getTableName() + " FROM STDIN WITH (FORMAT text, DELIMITER '|')");
            return new CopyTextSink(copy::writeToCopy, copy::endCopy);
        }
    },
    /** MariaDB's LOAD DATA LOCAL INFILE, streamed from the generator through a pipe. */
    LOAD_DATA {
        @Override
        RowSink open(Connection connection, TpchTable<?> table) throws SQLException {
            return LoadDataSink.open(connection, table.getTableName());
        }
    },
    /** Batched INSERTs: works everywhere, slowest. */
    INSERT {
        @Override
        RowSink open(Connection connection, TpchTable<?> table) throws SQLException {
            return new BatchInsertSink(connection, table.getTableName(), table.getColumns().size());
        }
    };

    abstract RowSink open(Connection connection, TpchTable<?> table) throws SQLException;

    /**
     * The method for a database reached at {@code url}: MariaDB's LOAD DATA LOCAL only where the URL allows local
     * infile (a private server's does; a user's URL that does not gets batched INSERTs).
     */
    public static LoadMethod forUrl(SqlDialect dialect, String url) {
        LoadMethod method = forDialect(dialect);
        return method == LOAD_DATA && (url == null || !url.toLowerCase(java.util.Locale.ROOT)
                .contains("allowlocalinfile=true")) ? INSERT : method;
    }

    public static LoadMethod forDialect(SqlDialect dialect) {
        return switch (dialect) {
            case DUCKDB -> APPENDER;
            case POSTGRES -> COPY;
            case MARIADB -> LOAD_DATA;
            case GENERIC -> INSERT;
        };
    }
}
