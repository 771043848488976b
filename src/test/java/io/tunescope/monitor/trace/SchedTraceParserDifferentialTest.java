package io.tunescope.monitor.trace;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The byte parser gives what the first (regular-expression) parser gave, line by line and over whole traces. */
class SchedTraceParserDifferentialTest {
    private static final List<String> EDGE_LINES = List.of(
            "CPU:1 [LOST 42 EVENTS]", "CPU:1 [LOST EVENTS]", "##### CPU 3 buffer started ####",
            "# entries-in-buffer/entries-written: 10/25   #P:2", "# entries-in-buffer/entries-written: 10/10   #P:2",
            "#", "", "   ", "garbage", "[001]", "  x-1 [001] d..2. 12.5:",
            "  perf 1 [001] 1.000000000: LOST 7 events!", "  perf 1 [001] 1.000000000: SLOST 7 events!",
            "  a [b]-7 [000] d..2.   100.000001: sched_switch: prev_comm=a [b] prev_pid=7 prev_prio=120 "
                    + "prev_state=D ==> next_comm=c prev_pid=9 next_pid=8 next_prio=120",
            "  w-1 [000] d..2. 1.1: sched_switch: prev_comm=w prev_pid=1 prev_prio=120 prev_state=R+ ==> next_comm=x "
                    + "next_pid=0 next_prio=120",
            "  w-1 [000] d..2. 1.123456789: sched_wakeup_new: comm=w pid=5 prio=120 target_cpu=001",
            "  w-1 [000] d..2. 1.000001: sched_wakeup: comm=w pid=5 prio=120",
            "  w-1 [000] d..2. 1.000001: sched_switch: prev_comm=w prev_pid=1 prev_state=S next_pid=2",
            "  w-1 [000] d..2. 1.000001: sched_process_exit: comm=w pid=1",
            "  cpuhp/1-19 [001] ..... 100.013000: cpuhp_exit:  cpu: 0001  state: 0 step: 236 ret: 0",
            "  w 12 [001] 99.5: sched:sched_migrate_task: comm=w pid=12 prio=120 orig_cpu=1 dest_cpu=0");

    private static String fixture(String name) throws IOException {
        try (InputStream in = SchedTraceParserDifferentialTest.class.getResourceAsStream("/trace/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void everyLineParsesAsTheRegularExpressionsDid() throws IOException {
        List<String> lines = new ArrayList<>(EDGE_LINES);
        for (String f : List.of("perf-script-sample.txt", "tracefs-lost-hotplug.txt", "tracefs-spinner-sleeper.txt")) {
            lines.addAll(List.of(fixture(f).split("\n")));
        }
        int events = 0;
        for (String line : lines) {
            SchedEvent expected = RegexSchedTraceParser.parse(line);
            assertThat(SchedTraceParser.parse(line)).as(line).isEqualTo(expected);
            events += expected == null ? 0 : 1;
        }
        assertThat(events).as("the fixtures are mostly events").isGreaterThan(200);
    }

    @Test
    void aWholeTraceStreamsAsItParsesLineByLine() throws IOException {
        byte[] text = SchedTraceParserBenchmark.trace(3);
        List<SchedEvent> streamed = new ArrayList<>();
        SchedTraceParser.parseAll(new ByteArrayInputStream(text), streamed);
        assertThat(streamed).isEqualTo(SchedTraceParserBenchmark.regex(text)).hasSizeGreaterThan(300);
        List<SchedEvent> noFinalNewline = new ArrayList<>();
        SchedTraceParser.parseAll(new ByteArrayInputStream("CPU:0 [LOST 3 EVENTS]\r\nCPU:1 [LOST 4 EVENTS]"
                .getBytes(StandardCharsets.US_ASCII)), noFinalNewline);
        assertThat(noFinalNewline).containsExactly(new SchedEvent.Lost(0, 3), new SchedEvent.Lost(1, 4));
    }
}
