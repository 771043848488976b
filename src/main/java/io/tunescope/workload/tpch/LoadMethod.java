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

    public static LoadMethod forDialect(SqlDialect dialect) {
        return switch (dialect) {
            case DUCKDB -> APPENDER;
            case POSTGRES -> COPY;
            case MARIADB -> LOAD_DATA;
            case GENERIC -> INSERT;
        };
    }
}
