package io.tunescope.workload.tpch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The expected result of one query at scale factor 0.01 with the validation parameters, as shipped in the tpch jar
 * ({@code qN.result}: a {@code --} header line, then one '|'-separated row per line, some with a trailing '|').
 */
public record ReferenceAnswer(int query, List<List<String>> rows) {
    /** The only scale factor for which reference answers exist. */
    public static final double SCALE_FACTOR = 0.01;
    /** How the reference files write SQL NULL (Q17 at SF 0.01 averages over no rows). */
    private static final String NULL_TEXT = "null";
    private static final String RESOURCE = "/io/trino/tpch/queries/q%d.result";

    public ReferenceAnswer {
        rows = java.util.Collections.unmodifiableList(new ArrayList<>(rows));
    }

    public static ReferenceAnswer forQuery(int query) {
        String path = String.format(RESOURCE, query);
        try (InputStream in = ReferenceAnswer.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("reference answer " + path + " missing from the tpch jar");
            }
            return parse(query, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses the text of a {@code .result} file. */
    public static ReferenceAnswer parse(int query, String text) {
        List<List<String>> rows = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isEmpty() || line.startsWith("--")) {
                continue;
            }
            String row = line.endsWith("|") ? line.substring(0, line.length() - 1) : line;
            List<String> cells = new ArrayList<>();
            for (String cell : row.split(Pattern.quote("|"), -1)) {
                cells.add(cell.equals(NULL_TEXT) ? null : cell);
            }
            rows.add(java.util.Collections.unmodifiableList(cells));
        }
        return new ReferenceAnswer(query, rows);
    }
}
