package io.tunescope.monitor.proc;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.StringLength;

import java.util.StringJoiner;

import static org.assertj.core.api.Assertions.assertThat;

/** Parsers never throw on malformed text, and read back what a well-formed line holds. */
class ProcParserPropertiesTest {

    @Property(tries = 300)
    void anyTextGivesNullOrAValue(@ForAll @StringLength(max = 400) String text) {
        TaskStatParser.parse(text);
        SchedstatParser.parse(text);
        SwitchCountsParser.parseSched(text);
        SwitchCountsParser.parseStatus(text);
        SystemStatParser.parse(text);
    }

    @Property(tries = 300)
    void truncatedRealLinesNeverThrow(@ForAll @IntRange(min = 0, max = 330) int cut) {
        String line = "2611 (bash) S 2610 2611 2611 0 -1 4194560 11017 601536 0 28 2 10 4441 368 20 0 1 0 19357 "
                + "5423104 1065 18446744073709551615 94010899226624 94010900016029 140732060823072 0 0 0 65536 4 "
                + "1132560123 1 0 0 17 0 0 0 0 0 0 94010900249328 94010900297572 94011335159808 140732060826492 "
                + "140732060826507 140732060826507 140732060827626 0\n";
        TaskStat s = TaskStatParser.parse(line.substring(0, Math.min(cut, line.length())));
        if (s != null) {
            assertThat(s.core()).isZero();
        }
    }

    @Property(tries = 300)
    void statFieldsRoundTrip(@ForAll("comms") String comm, @ForAll("states") char state,
                             @ForAll @LongRange(max = Long.MAX_VALUE / 2) long utime,
                             @ForAll @LongRange(max = Long.MAX_VALUE / 2) long stime,
                             @ForAll @IntRange(max = 4095) int core) {
        StringJoiner j = new StringJoiner(" ");
        j.add("123").add("(" + comm + ")").add(Character.toString(state));
        for (int field = 4; field <= 52; field++) {
            j.add(switch (field) {
                case 14 -> Long.toString(utime);
                case 15 -> Long.toString(stime);
                case 39 -> Integer.toString(core);
                default -> Integer.toString(field);
            });
        }
        TaskStat s = TaskStatParser.parse(j + "\n");
        assertThat(s).isEqualTo(new TaskStat(comm, state, utime, stime, core));
    }

    @Property(tries = 200)
    void schedstatRoundTrip(@ForAll @LongRange long a, @ForAll @LongRange long b, @ForAll @LongRange long c) {
        assertThat(SchedstatParser.parse(a + " " + b + " " + c + "\n"))
                .isEqualTo(new SchedstatParser.Schedstat(a, b, c));
    }

    @Provide
    Arbitrary<String> comms() {
        return Arbitraries.strings().ascii().ofMinLength(0).ofMaxLength(15).filter(s -> s.indexOf('\n') < 0);
    }

    @Provide
    Arbitrary<Character> states() {
        return Arbitraries.of('R', 'S', 'D', 'Z', 'T', 't', 'X', 'I', 'P');
    }
}
