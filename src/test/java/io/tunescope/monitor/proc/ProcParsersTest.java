package io.tunescope.monitor.proc;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** The parsers against files recorded from a real kernel (6.x) and hand-made edge cases. */
class ProcParsersTest {
    private static String fixture(String name) throws IOException {
        try (InputStream in = ProcParsersTest.class.getResourceAsStream("/proc/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }

    @Test
    void taskStatFromRecordedFile() throws IOException {
        TaskStat s = TaskStatParser.parse(fixture("bash-task-stat.txt"));
        assertThat(s.comm()).isEqualTo("bash");
        assertThat(s.state()).isEqualTo('S');
        assertThat(s.running()).isFalse();
        assertThat(s.utimeTicks()).isEqualTo(2);
        assertThat(s.stimeTicks()).isEqualTo(10);
        assertThat(s.core()).isEqualTo(0);
    }

    @Test
    void taskStatCommWithSpacesAndParentheses() {
        StringBuilder line = new StringBuilder("77 (a) b (c) R");
        for (int field = 4; field <= 52; field++) {
            line.append(' ').append(field == 14 ? 15 : field == 15 ? 16 : field == 39 ? 3 : field);
        }
        TaskStat s = TaskStatParser.parse(line.append('\n').toString());
        assertThat(s.comm()).isEqualTo("a) b (c");
        assertThat(s.state()).isEqualTo('R');
        assertThat(s.running()).isTrue();
        assertThat(s.utimeTicks()).isEqualTo(15);
        assertThat(s.stimeTicks()).isEqualTo(16);
        assertThat(s.core()).isEqualTo(3);
    }

    @Test
    void taskStatTruncatedIsNull() {
        assertThat(TaskStatParser.parse("77 (x) R 1 77 77 0 -1 4194560 1 2 3 4 15 16")).isNull();
        assertThat(TaskStatParser.parse("")).isNull();
        assertThat(TaskStatParser.parse("77 x R")).isNull();
    }

    @Test
    void schedstatFromRecordedFile() throws IOException {
        SchedstatParser.Schedstat s = SchedstatParser.parse(fixture("bash-task-schedstat.txt"));
        assertThat(s.onCpuNanos()).isEqualTo(131_516_281L);
        assertThat(s.runDelayNanos()).isEqualTo(45_001_505L);
        assertThat(s.timeslices()).isEqualTo(288);
        assertThat(SchedstatParser.parse("12 x 3")).isNull();
    }

    @Test
    void schedAndStatusAgreeOnSwitches() throws IOException {
        SwitchCounts sched = SwitchCountsParser.parseSched(fixture("bash-task-sched.txt"));
        SwitchCounts status = SwitchCountsParser.parseStatus(fixture("bash-task-status.txt"));
        assertThat(sched).isEqualTo(new SwitchCounts(232, 56, 43));
        assertThat(status).isEqualTo(new SwitchCounts(232, 56, -1));
        assertThat(SwitchCountsParser.parseSched("se.nr_migrations : 4\n")).isNull();
        assertThat(SwitchCountsParser.parseStatus("Name: x\nvoluntary_ctxt_switches:\tabc\n")).isNull();
    }

    @Test
    void allocationFreeFormsAgreeWithTheRecordForms() throws IOException {
        byte[] stat = ProcText.bytes(fixture("bash-task-stat.txt"));
        long[] out = new long[TaskStatParser.FIELDS];
        assertThat(TaskStatParser.parse(stat, stat.length, out)).isTrue();
        assertThat(out).containsExactly('S', 2, 10, 0);
        assertThat(TaskStatParser.parse(stat, 40, out)).as("truncated").isFalse();
        byte[] schedstat = ProcText.bytes(fixture("bash-task-schedstat.txt"));
        assertThat(SchedstatParser.parse(schedstat, schedstat.length, out)).isTrue();
        assertThat(out).startsWith(131_516_281L, 45_001_505L, 288L);
        byte[] sched = ProcText.bytes(fixture("bash-task-sched.txt"));
        assertThat(SwitchCountsParser.parseSched(sched, sched.length, out)).isTrue();
        assertThat(out).startsWith(232L, 56L, 43L);
        byte[] status = ProcText.bytes(fixture("bash-task-status.txt"));
        assertThat(SwitchCountsParser.parseStatus(status, status.length, out)).isTrue();
        assertThat(out).startsWith(232L, 56L, -1L);
        byte[] bad = ProcText.bytes("se.nr_migrations : 4\n");
        assertThat(SwitchCountsParser.parseSched(bad, bad.length, out)).isFalse();
    }

    @Test
    void kernelLayoutAndOtherLayoutsParseAlike() throws IOException {
        // every thread of this JVM, as the kernel writes it, against the general field reader
        try (var tasks = java.nio.file.Files.list(java.nio.file.Path.of("/proc/self/task"))) {
            for (java.nio.file.Path task : tasks.toList()) {
                byte[] stat;
                try {
                    stat = java.nio.file.Files.readAllBytes(task.resolve("stat"));
                } catch (IOException gone) {
                    continue;
                }
                long[] out = new long[TaskStatParser.FIELDS];
                assertThat(TaskStatParser.parse(stat, stat.length, out)).as(task.toString()).isTrue();
                assertThat(out[TaskStatParser.UTIME]).isEqualTo(TaskStatParser.field(stat, stat.length, 14));
                assertThat(out[TaskStatParser.STIME]).isEqualTo(TaskStatParser.field(stat, stat.length, 15));
                assertThat(out[TaskStatParser.CORE]).isEqualTo(TaskStatParser.field(stat, stat.length, 39));
            }
        }
        // doubled blanks and a tab are not the kernel's layout: the general path reads them the same
        String fields = " 1 77 77 0 -1 4194560 1 2 3 4 15 16 0 0 20 0 1 0 100 1000 10 18446744073709551615 1 1 0 0 0 0"
                + " 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
        long[] single = new long[TaskStatParser.FIELDS];
        long[] spaced = new long[TaskStatParser.FIELDS];
        byte[] a = ("77 (a) b) S" + fields).getBytes(StandardCharsets.US_ASCII);
        byte[] b = ("77 (a) b) S " + fields.replace(" 15 16", "\t15  16")).getBytes(StandardCharsets.US_ASCII);
        assertThat(TaskStatParser.parse(a, a.length, single)).isTrue();
        assertThat(TaskStatParser.parse(b, b.length, spaced)).isTrue();
        assertThat(single).containsExactly('S', 15, 16, 1);
        assertThat(spaced).containsExactly(single);
    }

    @Test
    void statFieldByNumber() throws IOException {
        byte[] stat = ProcText.bytes(fixture("bash-task-stat.txt"));
        assertThat(TaskStatParser.field(stat, stat.length, 3)).as("state is not a number").isEqualTo(-1);
        assertThat(TaskStatParser.field(stat, stat.length, 14)).isEqualTo(2);
        assertThat(TaskStatParser.field(stat, stat.length, 20)).as("num_threads").isEqualTo(1);
        byte[] spaced = ProcText.bytes("9 (a) b) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 7 18\n");
        assertThat(TaskStatParser.field(spaced, spaced.length, 20)).isEqualTo(7);
        assertThat(TaskStatParser.field(spaced, spaced.length, 60)).as("past the end").isEqualTo(-1);
        assertThat(TaskStatParser.field(spaced, spaced.length, 2)).as("comm is not a field here").isEqualTo(-1);
    }

    @Test
    void systemStatFromRecordedFile() throws IOException {
        SystemStat s = SystemStatParser.parse(fixture("proc-stat.txt"));
        assertThat(s.contextSwitches()).isEqualTo(775_531L);
        // cpu  32780 0 4579 85021 279 0 43 210: busy = user+nice+system+irq+softirq+steal
        assertThat(s.busyTicks()).isEqualTo(32780 + 0 + 4579 + 0 + 43 + 210);
        assertThat(s.idleTicks()).isEqualTo(85021 + 279);
        assertThat(SystemStatParser.parse("cpu  1 2 3 4\n")).isNull();
    }
}
