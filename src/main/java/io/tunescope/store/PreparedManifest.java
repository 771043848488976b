package io.tunescope.store;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The manifest of one prepared TPC-H copy in the {@link DataCache}: the version key it was built under and the rows
 * of every table as the generator made them, which every reader checks the copy against. A server's data directory
 * (PostgreSQL) also lists the bytes of every file under its {@code base/} (by path relative to the directory), which
 * the cache and every tenant's copy are checked against (empty for a DuckDB file).
 */
public record PreparedManifest(String key, String engine, double scaleFactor, Map<String, Long> rowsByTable,
                               long buildMillis, String createdAt, Map<String, Long> bytesByFile) {
    public PreparedManifest {
        rowsByTable = rowsByTable == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(rowsByTable));
        bytesByFile = bytesByFile == null ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(bytesByFile));
    }

    /** A manifest without files (a DuckDB file). */
    public PreparedManifest(String key, String engine, double scaleFactor, Map<String, Long> rowsByTable,
                            long buildMillis, String createdAt) {
        this(key, engine, scaleFactor, rowsByTable, buildMillis, createdAt, null);
    }

    public long rows() {
        return rowsByTable.values().stream().mapToLong(Long::longValue).sum();
    }
}
