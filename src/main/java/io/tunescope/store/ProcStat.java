package io.tunescope.store;

/**
 * The fields of one {@code /proc/PID/stat} line that say whose process it is and whether it still runs.
 *
 * @param state      field 3 ({@code R}, {@code S}, {@code Z} for a zombie, ...)
 * @param group      field 5, the process group id
 * @param session    field 6, the session id
 * @param startTicks field 22, when it started, in clock ticks after boot
 */
public record ProcStat(char state, long group, long session, long startTicks) {
    /** Parses a line; the command name (field 2) may hold spaces and ')', so fields are counted after its end. */
    public static ProcStat parse(String line) {
        int afterName = line.lastIndexOf(')');
        if (afterName < 0 || afterName + 2 >= line.length()) {
            throw new IllegalArgumentException("not a /proc/PID/stat line: " + line);
        }
        // the fields after ") " start with field 3 (state)
        String[] f = line.substring(afterName + 2).trim().split(" ");
        return new ProcStat(f[0].charAt(0), Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[19]));
    }

    /** Whether the process has exited and waits to be reaped. */
    public boolean zombie() {
        return state == 'Z';
    }
}
