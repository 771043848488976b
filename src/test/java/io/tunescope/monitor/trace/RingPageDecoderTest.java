package io.tunescope.monitor.trace;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The binary decoder on pages built by hand with the layouts a 6.18 kernel describes (its {@code header_page},
 * {@code header_event} and the four {@code format} files, recorded under {@code trace/tracefs-6.18}).
 */
class RingPageDecoderTest {
    private static final int SWITCH_ID = 372;
    private static final int WAKEUP_ID = 374;
    private static final int RUNTIME_ID = 363;

    static String fixture(String name) throws IOException {
        try (InputStream in = RingPageDecoderTest.class.getResourceAsStream("/trace/tracefs-6.18/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }

    static EventFormat format(String event) throws IOException {
        return EventFormat.parse(fixture(event + ".format"), event);
    }

    static RingLayout layout() throws IOException {
        return RingLayout.parse(fixture("header_page"), fixture("header_event"));
    }

    static SchedRecordDecoder decoder() throws IOException {
        return SchedRecordDecoder.of(format("sched_switch"), List.of(format("sched_wakeup"),
                format("sched_migrate_task"), format(TracefsTracer.RUNTIME_EVENT)));
    }

    @Test
    void readsTheLayoutsTheKernelDescribes() throws IOException {
        RingLayout l = layout();
        assertThat(l.timestampOffset()).isZero();
        assertThat(l.commitOffset()).isEqualTo(8);
        assertThat(l.commitSize()).isEqualTo(8);
        assertThat(l.dataOffset()).isEqualTo(16);
        assertThat(l.pageBytes()).isEqualTo(4096);
        assertThat(l.typeLenBits()).isEqualTo(5);
        assertThat(List.of(l.paddingType(), l.timeExtendType(), l.timeStampType(), l.maxDataType()))
                .containsExactly(29, 30, 31, 28);
        EventFormat s = format("sched_switch");
        assertThat(s.id()).isEqualTo(SWITCH_ID);
        assertThat(s.field("prev_comm")).isEqualTo(new EventFormat.Field(8, 16, false));
        assertThat(s.field("prev_state")).isEqualTo(new EventFormat.Field(32, 8, true));
        assertThat(s.field("next_pid")).isEqualTo(new EventFormat.Field(56, 4, true));
        assertThat(s.size()).isEqualTo(64);
        assertThat(format("sched_migrate_task").field("comm")).isEqualTo(new EventFormat.Field(8, 4, false));
        assertThatThrownBy(() -> s.field("pid")).hasMessage("the kernel's sched_switch format has no field pid");
        assertThatThrownBy(() -> RingLayout.parse(fixture("header_page"), "type_len : 5 bits"))
                .hasMessageStartingWith("header_event does not describe the record header");
    }

    @Test
    void namesPrevStatesAsTheKernelPrintsThem() throws IOException {
        PrevStateNames n = PrevStateNames.fromPrintFmt(format("sched_switch").printFmt());
        assertThat(n.name(0)).isEqualTo("R");
        assertThat(n.name(0x100)).isEqualTo("R+");
        assertThat(n.name(1)).isEqualTo("S");
        assertThat(n.name(2)).isEqualTo("D");
        assertThat(n.name(0x80)).isEqualTo("I");
        assertThat(n.name(0x20)).isEqualTo("Z");
        assertThat(n.name(3)).isEqualTo("S|D");
        assertThat(PrevStateNames.fromPrintFmt("... { 1, \"S\" }, { 2, \"D\" }, { 1024, \"N\" }) : \"R\"").name(2048))
                .as("an older kernel's flags: the bit above the highest is the preemption").isEqualTo("R+");
    }

    @Test
    void decodesRecordsTimeExtendsPaddingAndLosses() throws IOException {
        RingLayout l = layout();
        ByteBuffer page = ByteBuffer.allocate(l.pageBytes()).order(ByteOrder.LITTLE_ENDIAN);
        long base = 5_000_000_000L;
        page.putLong(0, base);
        int p = l.dataOffset();
        p = putSmall(page, p, 100, payload(64, SWITCH_ID, 42, 24, 42, 32, 0x100L, 56, 7));
        page.putInt(p, 30 | (5 << 5)); // time extend: (1 << 27) + 5
        page.putInt(p + 4, 1);
        p += 8;
        page.putInt(p, 29 | (3 << 5)); // a discarded record: skipped, its delta not counted
        page.putInt(p + 4, 8);
        p += 12;
        byte[] wakeup = payload(36, WAKEUP_ID, 0, 24, 42, 32, 1);
        page.putInt(p, 10 << 5); // type 0: the length in the next word
        page.putInt(p + 4, wakeup.length + 4);
        page.put(p + 8, wakeup);
        p += 8 + wakeup.length;
        p = putSmall(page, p, 7, payload(24, RUNTIME_ID, 9, 12, 42, 16, 123_456L));
        int length = p - l.dataOffset();
        page.putInt(p, 29); // the end of the page's records
        page.putLong(l.dataOffset() + length, 17); // the lost count, after the data
        page.putLong(l.commitOffset(), length | RingLayout.MISSED_EVENTS | RingLayout.MISSED_STORED);
        List<SchedEvent> out = new ArrayList<>();
        int records = new RingPageDecoder(l, decoder()).decode(page, 1, out);
        long extended = base + 100 + (1L << 27) + 5;
        assertThat(records).isEqualTo(3);
        assertThat(out).containsExactly(
                new SchedEvent.Lost(1, 17),
                new SchedEvent.Switch(1, base + 100, 42, "R+", 7),
                new SchedEvent.Wakeup(1, extended + 10, 42, 1, 0),
                new SchedEvent.Runtime(1, extended + 17, 42, 123_456L, 9));
    }

    @Test
    void anEmptyPageAndAnotherEventGiveNothing() throws IOException {
        RingLayout l = layout();
        ByteBuffer page = ByteBuffer.allocate(l.pageBytes()).order(ByteOrder.LITTLE_ENDIAN);
        List<SchedEvent> out = new ArrayList<>();
        assertThat(new RingPageDecoder(l, decoder()).decode(page, 0, out)).isZero();
        int end = putSmall(page, l.dataOffset(), 1, payload(16, 999, 1));
        page.putLong(l.commitOffset(), end - l.dataOffset());
        assertThat(new RingPageDecoder(l, decoder()).decode(page, 0, out)).as("a record of an event not decoded")
                .isEqualTo(1);
        assertThat(out).isEmpty();
    }

    /** A record whose length fits the header word's type bits. */
    private static int putSmall(ByteBuffer page, int at, int delta, byte[] payload) {
        page.putInt(at, (payload.length / 4) | (delta << 5));
        page.put(at + 4, payload);
        return at + 4 + payload.length;
    }

    /** A payload of {@code size} bytes: common_type, common_pid, then (offset, value) pairs, 4-byte ints or longs. */
    private static byte[] payload(int size, int type, int currentPid, long... offsetValue) {
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort(0, (short) type);
        b.putInt(4, currentPid);
        for (int i = 0; i + 1 < offsetValue.length; i += 2) {
            int off = (int) offsetValue[i];
            if (off == 32 && type == SWITCH_ID || off == 16 && type == RUNTIME_ID) {
                b.putLong(off, offsetValue[i + 1]);
            } else {
                b.putInt(off, (int) offsetValue[i + 1]);
            }
        }
        return b.array();
    }
}
