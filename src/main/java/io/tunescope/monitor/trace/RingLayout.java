package io.tunescope.monitor.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The layout of the kernel's ring-buffer pages as {@code per_cpu/cpuN/trace_pipe_raw} returns them, read from
 * {@code events/header_page} (the page header: timestamp, commit, where the records start) and
 * {@code events/header_event} (each record's header word: the type-or-length bits, the time-delta bits, and the
 * type codes of padding, time extends and absolute time stamps). Pure: {@link #parse} reads text only.
 *
 * <p>Two flags of the commit word are not described in those files; they are the kernel's fixed ABI (the same in
 * libtraceevent): bit 31, events were lost before this page; bit 30, their count is stored after the page's data.
 *
 * @param pageBytes the size of one page as read (header and data)
 */
public record RingLayout(int timestampOffset, int timestampSize, int commitOffset, int commitSize, int dataOffset,
                         int pageBytes, int typeLenBits, int paddingType, int timeExtendType, int timeStampType,
                         int maxDataType) {
    /** Commit flag: events were lost between the previous page read and this one. */
    public static final long MISSED_EVENTS = 1L << 31;
    /** Commit flag: the count of the lost events is stored (8 bytes) right after the page's data. */
    public static final long MISSED_STORED = 1L << 30;
    private static final Pattern BITS = Pattern.compile("(\\w+)\\s*:\\s*(\\d+)\\s+bits");
    private static final Pattern TYPE = Pattern.compile("(\\w+)\\s*:\\s*type\\s*==\\s*(\\d+)");
    private static final Pattern MAX = Pattern.compile("data max type_len\\s*==\\s*(\\d+)");

    public RingLayout {
        if (typeLenBits < 1 || typeLenBits > 8 || dataOffset < 8 || pageBytes <= dataOffset) {
            throw new IllegalArgumentException("ring buffer layout: type bits " + typeLenBits + ", data at "
                    + dataOffset + " of a " + pageBytes + "-byte page");
        }
    }

    /** The layout of the kernel whose tracefs is at {@code root}. */
    public static RingLayout read(Path root) throws IOException {
        return parse(EventFormat.readText(root.resolve("events/header_page")),
                EventFormat.readText(root.resolve("events/header_event")));
    }

    /** The layout described by the texts of {@code header_page} and {@code header_event}. */
    public static RingLayout parse(String headerPage, String headerEvent) {
        EventFormat page = EventFormat.parse(headerPage, "header_page");
        EventFormat.Field timestamp = page.field("timestamp");
        EventFormat.Field commit = page.field("commit");
        EventFormat.Field data = page.field("data");
        int typeLenBits = -1;
        int padding = -1;
        int extend = -1;
        int stamp = -1;
        int max = -1;
        for (String line : headerEvent.split("\n")) {
            Matcher bits = BITS.matcher(line);
            Matcher type = TYPE.matcher(line);
            Matcher maxType = MAX.matcher(line);
            if (bits.find() && bits.group(1).equals("type_len")) {
                typeLenBits = Integer.parseInt(bits.group(2));
            } else if (maxType.find()) {
                max = Integer.parseInt(maxType.group(1));
            } else if (type.find()) {
                int code = Integer.parseInt(type.group(2));
                switch (type.group(1)) {
                    case "padding" -> padding = code;
                    case "time_extend" -> extend = code;
                    case "time_stamp" -> stamp = code;
                    default -> { }
                }
            }
        }
        if (typeLenBits < 0 || padding < 0 || extend < 0 || stamp < 0 || max < 0) {
            throw new IllegalArgumentException("header_event does not describe the record header (type_len bits, "
                    + "padding, time_extend, time_stamp, data max): " + headerEvent.strip().replace('\n', ' '));
        }
        return new RingLayout(timestamp.offset(), timestamp.size(), commit.offset(), commit.size(), data.offset(),
                data.offset() + data.size(), typeLenBits, padding, extend, stamp, max);
    }

    /** The same layout with pages of {@code bytes} (an instance whose sub-buffers are larger than the default). */
    public RingLayout withPageBytes(int bytes) {
        return new RingLayout(timestampOffset, timestampSize, commitOffset, commitSize, dataOffset, bytes,
                typeLenBits, paddingType, timeExtendType, timeStampType, maxDataType);
    }
}
