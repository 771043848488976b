package io.tunescope.workload.file;

import io.tunescope.BadInputException;

import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a CSV file (RFC 4180: commas, fields in double quotes may hold commas, line breaks and doubled quotes);
 * the first line names the columns. Every row must have as many fields as the header. Pure.
 */
public record CsvTable(String file, List<String> columns, List<String[]> rows) {
    public CsvTable {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** The index of {@code column}, or -1. */
    public int indexOf(String column) {
        return columns.indexOf(column);
    }

    public static CsvTable parse(String file, String text) {
        List<List<String>> records = records(file, text);
        if (records.isEmpty()) {
            throw new BadInputException(file + ":1: has no header line naming its columns");
        }
        List<String> header = records.get(0);
        List<String[]> rows = new ArrayList<>();
        for (int i = 1; i < records.size(); i++) {
            List<String> record = records.get(i);
            if (record.size() != header.size()) {
                throw new BadInputException(file + ":" + (i + 1) + ": has " + record.size() + " fields, the header "
                        + header.size() + "; every row needs one field per column");
            }
            rows.add(record.toArray(String[]::new));
        }
        if (rows.isEmpty()) {
            throw new BadInputException(file + ":2: has no rows below its header");
        }
        return new CsvTable(file, header, rows);
    }

    private static List<List<String>> records(String file, String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        int line = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    line += c == '\n' ? 1 : 0;
                    field.append(c);
                }
            } else if (c == '"' && field.length() == 0) {
                quoted = true;
                any = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
                any = true;
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                if (any || field.length() > 0) {
                    record.add(field.toString());
                    records.add(record);
                }
                record = new ArrayList<>();
                field.setLength(0);
                any = false;
                line++;
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new BadInputException(file + ":" + line + ": a quoted field is never closed");
        }
        if (any || field.length() > 0) {
            record.add(field.toString());
            records.add(record);
        }
        return records;
    }
}
