package io.tunescope.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A process as a results file records it: its pid, its start time (clock ticks after boot, field 22 of
 * {@code /proc/PID/stat}) and its command line. The kernel reuses a pid once its process has gone, so a pid read back
 * from a file names the process we started only while both of these still match; every signal to a pid read from a
 * file goes through {@link #handleIfOurs()} or {@link #runningWhoseCommandLineContains}.
 *
 * @param pid         the process id when it was recorded
 * @param startTicks  when it started, in clock ticks after boot (never changes while the process lives)
 * @param commandLine its arguments joined by spaces, as {@code /proc/PID/cmdline} held them when it was recorded
 */
public record RecordedProcess(long pid, long startTicks, String commandLine) {
    /** What a recorded pid names now. */
    public enum Match {
        /** the process that was recorded, still running */
        OURS,
        /** no process, or a zombie: nothing to signal */
        GONE,
        /** another process that has been given the same pid since */
        FOREIGN
    }

    /** The process that runs as {@code pid} now; empty when none does (or it is a zombie). */
    public static Optional<RecordedProcess> of(long pid) {
        if (pid <= 0) {
            return Optional.empty();
        }
        try {
            Path proc = Path.of("/proc", String.valueOf(pid));
            String stat = Files.readString(proc.resolve("stat"), StandardCharsets.ISO_8859_1);
            ProcStat parsed = ProcStat.parse(stat);
            if (parsed.zombie()) {
                return Optional.empty();
            }
            byte[] cmdline = Files.readAllBytes(proc.resolve("cmdline"));
            return Optional.of(new RecordedProcess(pid, parsed.startTicks(), commandLine(cmdline)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();    // gone between the reads, or a stat line we cannot read: nothing we may signal
        }
    }

    /** The calling JVM, as {@link #of} reads it. */
    public static RecordedProcess self() {
        return of(ProcessHandle.current().pid()).orElseThrow(() -> new IllegalStateException(
                "cannot read /proc/self: the start time of this process is unknown"));
    }

    /** What this recorded pid names now: the same start time and command line, or another process, or none. */
    public Match match() {
        Optional<RecordedProcess> now = of(pid);
        if (now.isEmpty()) {
            return Match.GONE;
        }
        return now.get().startTicks == startTicks && now.get().commandLine.equals(commandLine) ? Match.OURS
                : Match.FOREIGN;
    }

    /** The handle to signal, only while the pid still names the recorded process. */
    public Optional<ProcessHandle> handleIfOurs() {
        return match() == Match.OURS ? ProcessHandle.of(pid) : Optional.empty();
    }

    /**
     * The handle of {@code pid}, read from a file that records no start time (PostgreSQL's postmaster.pid), only
     * while its command line names {@code mark} (the data directory the file lies in): otherwise the pid has been
     * reused and is not ours to signal.
     */
    public static Optional<ProcessHandle> runningWhoseCommandLineContains(long pid, String mark) {
        return of(pid).filter(p -> p.commandLine.contains(mark)).flatMap(p -> ProcessHandle.of(pid));
    }

    /** Field 22 of a {@code /proc/PID/stat} line. */
    static long startTicks(String stat) {
        return ProcStat.parse(stat).startTicks();
    }

    /** {@code /proc/PID/cmdline}: arguments separated (and usually ended) by NUL bytes. */
    static String commandLine(byte[] cmdline) {
        int end = cmdline.length;
        while (end > 0 && cmdline[end - 1] == 0) {
            end--;
        }
        return new String(cmdline, 0, end, StandardCharsets.UTF_8).replace('\0', ' ');
    }
}
