package io.tunescope.workload.tpch;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchColumnType;
import io.trino.tpch.TpchTable;
import io.tunescope.engine.SqlDialect;

import java.util.List;
import java.util.StringJoiner;

/**
 * DDL for the eight TPC-H tables, derived from the column catalog of the tpch generator so names and widths stay
 * exactly those of dbgen. Money columns are DECIMAL(15,2) as the specification requires (exact sums, so answers
 * match the reference to the cent); text columns are VARCHAR so no engine pads them.
 */
public final class TpchSchema {
    /** Tables in load order: small dimension tables first, so progress starts moving at once. */
    public static final List<TpchTable<?>> TABLES = List.of(
            TpchTable.REGION, TpchTable.NATION, TpchTable.SUPPLIER, TpchTable.CUSTOMER,
            TpchTable.PART, TpchTable.PART_SUPPLIER, TpchTable.ORDERS, TpchTable.LINE_ITEM);

    private TpchSchema() {
    }

    public static String createTable(TpchTable<?> table) {
        StringJoiner columns = new StringJoiner(",\n  ", "CREATE TABLE " + table.getTableName() + " (\n  ", "\n)");
        for (TpchColumn<?> column : table.getColumns()) {
            columns.add(column.getColumnName() + " " + sqlType(column.getType()) + " NOT NULL");
        }
        return columns.toString();
    }

    static String sqlType(TpchColumnType type) {
        return switch (type.getBase()) {
            case IDENTIFIER -> "BIGINT";
            case INTEGER -> "INTEGER";
            case DATE -> "DATE";
            case DOUBLE -> "DECIMAL(15,2)";
            case VARCHAR -> "VARCHAR(" + type.getPrecision().orElseThrow() + ")";
        };
    }

    /**
     * Statements run after the load: keys and the indexes a row store needs so correlated subqueries (Q2, Q17, Q20,
     * Q21) do not degrade to nested scans. DuckDB needs none (it decorrelates and scans columnar data).
     */
    public static List<String> afterLoad(SqlDialect dialect) {
        if (dialect == SqlDialect.DUCKDB) {
            return List.of();
        }
        List<String> keys = List.of(
                "ALTER TABLE region ADD PRIMARY KEY (r_regionkey)",
                "ALTER TABLE nation ADD PRIMARY KEY (n_nationkey)",
                "ALTER TABLE supplier ADD PRIMARY KEY (s_suppkey)",
                "ALTER TABLE customer ADD PRIMARY KEY (c_custkey)",
                "ALTER TABLE part ADD PRIMARY KEY (p_partkey)",
                "ALTER TABLE partsupp ADD PRIMARY KEY (ps_partkey, ps_suppkey)",
                "ALTER TABLE orders ADD PRIMARY KEY (o_orderkey)",
                "ALTER TABLE lineitem ADD PRIMARY KEY (l_orderkey, l_linenumber)",
                "CREATE INDEX lineitem_part_supp ON lineitem (l_partkey, l_suppkey)",
                "CREATE INDEX orders_cust ON orders (o_custkey)");
        if (dialect == SqlDialect.POSTGRES) {
            return concat(keys, List.of("ANALYZE"));
        }
        if (dialect == SqlDialect.MARIADB) {
            return concat(keys, List.of("ANALYZE TABLE " + String.join(", ",
                    TABLES.stream().map(TpchTable::getTableName).toList())));
        }
        return keys;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
