package io.tunescope.monitor.trace;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Decodes one page of a CPU's ring buffer as {@code trace_pipe_raw} returns it ({@link RingLayout}): the page
 * header's timestamp is the first record's base; each record header word holds a type-or-length and a time delta;
 * time extends add their high bits, absolute time stamps replace the time, padding (a discarded record, or the end of
 * the page) is skipped without its delta, as the kernel's own reader does. Data records become {@link SchedEvent}s
 * through {@link SchedRecordDecoder}; a page whose commit word says events were lost before it starts with a
 * {@link SchedEvent.Lost}. Pure: the page bytes in, the events out.
 */
final class RingPageDecoder {
    private static final long COMMIT_FLAGS = RingLayout.MISSED_EVENTS | RingLayout.MISSED_STORED;
    /** The bits of an absolute time stamp kept in a record; the rest come from the time before it (kernel TS_MSB). */
    private static final long ABSOLUTE_STAMP_BITS = (1L << 59) - 1;
    private final RingLayout layout;
    private final SchedRecordDecoder records;
    private final int typeMask;

    RingPageDecoder(RingLayout layout, SchedRecordDecoder records) {
        this.layout = layout;
        this.records = records;
        this.typeMask = (1 << layout.typeLenBits()) - 1;
    }

    /**
     * Appends the events of the page {@code page[0, pageBytes)} of {@code cpu} to {@code out} (in the page's order);
     * returns the number of data records it held, of any event.
     */
    int decode(ByteBuffer page, int cpu, List<SchedEvent> out) {
        long commit = layout.commitSize() == 8 ? page.getLong(layout.commitOffset())
                : page.getInt(layout.commitOffset()) & 0xFFFF_FFFFL;
        int end = layout.dataOffset() + (int) Math.min(commit & ~COMMIT_FLAGS, layout.pageBytes());
        end = Math.min(end, Math.min(page.limit(), layout.pageBytes()));
        if ((commit & RingLayout.MISSED_EVENTS) != 0) {
            boolean stored = (commit & RingLayout.MISSED_STORED) != 0 && end + 8 <= page.limit();
            out.add(new SchedEvent.Lost(cpu, stored ? page.getLong(end) : -1));
        }
        long nanos = layout.timestampSize() == 8 ? page.getLong(layout.timestampOffset())
                : page.getInt(layout.timestampOffset()) & 0xFFFF_FFFFL;
        int count = 0;
        int p = layout.dataOffset();
        while (p + 4 <= end) {
            int word = page.getInt(p);
            int type = word & typeMask;
            long delta = (word & 0xFFFF_FFFFL) >>> layout.typeLenBits();
            if (type == layout.paddingType()) {
                if (delta == 0 || p + 8 > end) {
                    break; // the rest of the page is empty
                }
                p += 4 + page.getInt(p + 4);
            } else if (type == layout.timeExtendType()) {
                nanos += ((page.getInt(p + 4) & 0xFFFF_FFFFL) << (32 - layout.typeLenBits())) + delta;
                p += 8;
            } else if (type == layout.timeStampType()) {
                long stamp = ((page.getInt(p + 4) & 0xFFFF_FFFFL) << (32 - layout.typeLenBits())) + delta;
                nanos = (nanos & ~ABSOLUTE_STAMP_BITS) | stamp;
                p += 8;
            } else {
                nanos += delta;
                int length;
                int data;
                if (type == 0) {
                    length = page.getInt(p + 4) - 4;
                    data = p + 8;
                } else if (type <= layout.maxDataType()) {
                    length = type * 4;
                    data = p + 4;
                } else {
                    break; // a type this layout does not describe: nothing after it can be trusted
                }
                if (length < 0 || data + length > end) {
                    break;
                }
                count++;
                SchedEvent e = records.decode(page, data, cpu, nanos);
                if (e != null) {
                    out.add(e);
                }
                p = data + ((length + 3) & ~3);
            }
        }
        return count;
    }
}
