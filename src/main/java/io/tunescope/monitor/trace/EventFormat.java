package io.tunescope.monitor.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The binary layout of one trace event as the kernel describes it in {@code events/<system>/<event>/format}: its
 * numeric id, each field's offset, size and signedness, and its {@code print fmt}. The same reader serves the ring
 * buffer's page header ({@code events/header_page}), which lists its fields the same way. Pure: {@link #parse} reads
 * text only.
 *
 * @param id       the event's id (the record's {@code common_type}); -1 for a header, which has none
 * @param printFmt the kernel's format string and arguments ("" when absent)
 */
public record EventFormat(String name, int id, Map<String, Field> fields, String printFmt) {
    public EventFormat {
        fields = Map.copyOf(fields);
    }

    /** One field: {@code size} bytes at {@code offset} of the record's payload (for {@code __data_loc}, the locator). */
    public record Field(int offset, int size, boolean signed) {
        public Field {
            if (offset < 0 || size < 1) {
                throw new IllegalArgumentException("field at offset " + offset + " of size " + size);
            }
        }
    }

    /** The format file of {@code event} under tracefs {@code root} ({@code events/sched/<event>/format}). */
    public static EventFormat read(Path root, String system, String event) throws IOException {
        Path file = root.resolve("events").resolve(system).resolve(event).resolve("format");
        return parse(readText(file), file.toString());
    }

    /**
     * A tracefs description file's text, read with one large buffer: some of them ({@code header_page}) answer only
     * a read from offset 0, so a reader that starts with one byte gets one byte.
     */
    static String readText(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(1 << 16);
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
            int n;
            do {
                n = c.read(b); // a file longer than one read continues where the last one ended
            } while (n > 0 && b.hasRemaining());
        }
        return new String(b.array(), 0, b.position(), StandardCharsets.US_ASCII);
    }

    /**
     * The layout in {@code text} (a {@code format} or {@code header_page} file); {@code source} names it in errors.
     * Fields are found by name: the last word of the declaration, without an array suffix.
     */
    public static EventFormat parse(String text, String source) {
        String name = "";
        int id = -1;
        String printFmt = "";
        Map<String, Field> fields = new LinkedHashMap<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.startsWith("name:")) {
                name = line.substring(5).strip();
            } else if (line.startsWith("ID:")) {
                id = Integer.parseInt(line.substring(3).strip());
            } else if (line.startsWith("print fmt:")) {
                printFmt = line.substring(10).strip();
            } else if (line.startsWith("field:")) {
                String[] parts = line.split(";");
                if (parts.length < 4) {
                    throw new IllegalArgumentException(source + ": field line without offset, size and sign: " + line);
                }
                String field = fieldName(parts[0].substring(6).strip());
                // a later field of the same name (header_page's one-byte overwrite flag shares commit's offset) is kept
                // only when the first is absent
                fields.putIfAbsent(field, new Field(number(parts[1], "offset:", source),
                        number(parts[2], "size:", source), number(parts[3], "signed:", source) != 0));
            }
        }
        return new EventFormat(name, id, fields, printFmt);
    }

    /** The field called {@code field}; fails naming the event and the field when the kernel's layout has none. */
    public Field field(String field) {
        Field f = fields.get(field);
        if (f == null) {
            throw new IllegalStateException("the kernel's " + (name.isEmpty() ? "header" : name)
                    + " format has no field " + field);
        }
        return f;
    }

    /** The payload's size: the end of its last field. */
    public int size() {
        return fields.values().stream().mapToInt(f -> f.offset() + f.size()).max().orElse(0);
    }

    private static String fieldName(String declaration) {
        String last = declaration.substring(declaration.lastIndexOf(' ') + 1);
        int bracket = last.indexOf('[');
        return bracket > 0 ? last.substring(0, bracket) : last;
    }

    private static int number(String part, String key, String source) {
        String p = part.strip();
        if (!p.startsWith(key)) {
            throw new IllegalArgumentException(source + ": expected " + key + " in " + part.strip());
        }
        return Integer.parseInt(p.substring(key.length()).strip());
    }
}
