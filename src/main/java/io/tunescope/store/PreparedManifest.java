package io.tunescope.store;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The manifest of one prepared TPC-H copy in the {@link DataCache}: the version key it was built under and the rows
 * of every table as the generator made them, which every reader checks the copy against.
 */
public record PreparedManifest(String key, String engine, double scaleFactor, Map<String, Long> rowsByTable,
                               long buildMillis, String createdAt) {
    public PreparedManifest {
        rowsByTable = rowsByTable == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(rowsByTable));
    }

    public long rows() {
        return rowsByTable.values().stream().mapToLong(Long::longValue).sum();
    }
}
