package io.tunescope.workload.tpch;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;

import java.sql.SQLException;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Streams one part of one TPC-H table into a {@link RowSink}, typed column by column. Rows are dbgen-exact (the
 * io.trino.tpch generator). We do not use {@code TpchEntity.toLine()}: it formats every value with String.format,
 * which costs several times what generating the row does, so it would dominate a load (docs/benchmarks.md, TPC-H
 * generate and load).
 */
public final class TpchGenerator {
    private static final int PROGRESS_EVERY_ROWS = 10_000;

    private TpchGenerator() {
    }

    /** Rows of {@code table} at {@code scaleFactor} (all parts together). */
    public static long rowCount(TpchTable<?> table, double scaleFactor) {
        return switch (table.getTableName()) {
            case "region" -> 5;
            case "nation" -> 25;
            case "supplier" -> Math.round(10_000 * scaleFactor);
            case "customer" -> Math.round(150_000 * scaleFactor);
            case "part" -> Math.round(200_000 * scaleFactor);
            case "partsupp" -> Math.round(200_000 * scaleFactor) * 4;
            case "orders" -> Math.round(1_500_000 * scaleFactor);
            // lineitem has 1..7 lines per order, 4 on average: an estimate, used only for progress
            case "lineitem" -> Math.round(1_500_000 * scaleFactor) * 4;
            default -> throw new IllegalArgumentException("unknown TPC-H table " + table.getTableName());
        };
    }

    /**
     * Generates part {@code part} (1-based) of {@code partCount} and writes it to {@code sink}; reports progress every
     * 10,000 rows to {@code rowsDone} with the number of rows since the last report. Returns the rows written.
     */
    public static <E extends TpchEntity> long generate(TpchTable<E> table, double scaleFactor, int part, int partCount,
                                                       RowSink sink, LongConsumer rowsDone)
            throws SQLException, InterruptedException {
        List<TpchColumn<E>> columns = table.getColumns();
        long rows = 0;
        long sinceReport = 0;
        for (E entity : table.createGenerator(scaleFactor, part, partCount)) {
            for (TpchColumn<E> column : columns) {
                writeValue(column, entity, sink);
            }
            sink.endRow();
            rows++;
            if (++sinceReport == PROGRESS_EVERY_ROWS) {
                rowsDone.accept(sinceReport);
                sinceReport = 0;
            }
            if ((rows & 0x3FFF) == 0 && Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("load of " + table.getTableName() + " interrupted");
            }
        }
        rowsDone.accept(sinceReport);
        return rows;
    }

    private static <E extends TpchEntity> void writeValue(TpchColumn<E> column, E entity, RowSink sink)
            throws SQLException {
        switch (column.getType().getBase()) {
            case IDENTIFIER -> sink.identifier(column.getIdentifier(entity));
            case INTEGER -> sink.integer(column.getInteger(entity));
            case DATE -> sink.epochDays(column.getDate(entity));
            case DOUBLE -> sink.decimalCents(Math.round(column.getDouble(entity) * 100));
            case VARCHAR -> sink.text(column.getString(entity));
        }
    }
}
