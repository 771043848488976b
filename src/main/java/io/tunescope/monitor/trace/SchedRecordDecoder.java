package io.tunescope.monitor.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Turns one binary trace record (the payload after the ring buffer's record header) into a {@link SchedEvent}:
 * {@code sched_switch}, {@code sched_wakeup}, {@code sched_migrate_task} and {@code sched_stat_runtime}, each field
 * read at the offset and with the size the kernel's {@code format} file gives ({@link EventFormat}), nothing
 * hard-coded; only the fields the timelines use are read. The events are the same as {@link SchedTraceParser} makes
 * from the kernel's text of the same records, up to the text's microsecond timestamps. Immutable.
 */
final class SchedRecordDecoder {
    private static final String SYSTEM = "sched";
    private final EventFormat.Field type;
    private final EventFormat.Field currentPid;
    private final Kind[] kinds;
    private final int minId;
    private final EventFormat.Field[][] fields;
    private final PrevStateNames states;

    private enum Kind { SWITCH, WAKEUP, MIGRATE, RUNTIME }

    private SchedRecordDecoder(EventFormat switchFormat, List<EventFormat> others) {
        this.type = switchFormat.field("common_type");
        this.currentPid = switchFormat.field("common_pid");
        this.states = PrevStateNames.fromPrintFmt(switchFormat.printFmt());
        int lo = switchFormat.id();
        int hi = switchFormat.id();
        for (EventFormat f : others) {
            lo = Math.min(lo, f.id());
            hi = Math.max(hi, f.id());
        }
        this.minId = lo;
        this.kinds = new Kind[hi - lo + 1];
        this.fields = new EventFormat.Field[hi - lo + 1][];
        put(switchFormat, Kind.SWITCH, "prev_pid", "prev_state", "next_pid");
        for (EventFormat f : others) {
            switch (f.name()) {
                case "sched_wakeup", "sched_wakeup_new" -> put(f, Kind.WAKEUP, "pid", "target_cpu");
                case "sched_migrate_task" -> put(f, Kind.MIGRATE, "pid", "orig_cpu", "dest_cpu");
                case TracefsTracer.RUNTIME_EVENT -> put(f, Kind.RUNTIME, "pid", "runtime");
                default -> throw new IllegalArgumentException("no decoder for " + f.name());
            }
        }
    }

    /** The decoder for the scheduler events of the kernel whose tracefs is at {@code root} (those it has). */
    static SchedRecordDecoder read(Path root) throws IOException {
        List<EventFormat> others = new java.util.ArrayList<>();
        for (String e : List.of("sched_wakeup", "sched_migrate_task", TracefsTracer.RUNTIME_EVENT)) {
            if (Files.isRegularFile(root.resolve("events").resolve(SYSTEM).resolve(e).resolve("format"))) {
                others.add(EventFormat.read(root, SYSTEM, e));
            }
        }
        return of(EventFormat.read(root, SYSTEM, "sched_switch"), others);
    }

    /** The decoder for these formats ({@code sched_switch}'s, and any of the others). */
    static SchedRecordDecoder of(EventFormat switchFormat, List<EventFormat> others) {
        return new SchedRecordDecoder(switchFormat, others);
    }

    private void put(EventFormat f, Kind kind, String... names) {
        if (!same(f.field("common_type"), type) || !same(f.field("common_pid"), currentPid)) {
            throw new IllegalStateException("the kernel's " + f.name() + " format has other common fields");
        }
        kinds[f.id() - minId] = kind;
        fields[f.id() - minId] = java.util.Arrays.stream(names).map(f::field).toArray(EventFormat.Field[]::new);
    }

    private static boolean same(EventFormat.Field a, EventFormat.Field b) {
        return a.offset() == b.offset() && a.size() == b.size() && a.signed() == b.signed();
    }

    /**
     * The event of the record whose payload starts at {@code at} in {@code b} (native byte order), recorded on
     * {@code cpu} at {@code nanos}; null for a record of any other event.
     */
    SchedEvent decode(ByteBuffer b, int at, int cpu, long nanos) {
        int id = (int) read(b, at, type) - minId;
        if (id < 0 || id >= kinds.length || kinds[id] == null) {
            return null;
        }
        EventFormat.Field[] f = fields[id];
        int current = (int) read(b, at, currentPid);
        return switch (kinds[id]) {
            case SWITCH -> new SchedEvent.Switch(cpu, nanos, (int) read(b, at, f[0]), states.name(read(b, at, f[1])),
                    (int) read(b, at, f[2]));
            case WAKEUP -> new SchedEvent.Wakeup(cpu, nanos, (int) read(b, at, f[0]), (int) read(b, at, f[1]), current);
            case MIGRATE -> new SchedEvent.Migrate(cpu, nanos, (int) read(b, at, f[0]), (int) read(b, at, f[1]),
                    (int) read(b, at, f[2]), current);
            case RUNTIME -> new SchedEvent.Runtime(cpu, nanos, (int) read(b, at, f[0]), read(b, at, f[1]), current);
        };
    }

    /** The field's value, sign-extended where the format says it is signed. */
    static long read(ByteBuffer b, int at, EventFormat.Field f) {
        int p = at + f.offset();
        return switch (f.size()) {
            case 1 -> f.signed() ? b.get(p) : b.get(p) & 0xFFL;
            case 2 -> f.signed() ? b.getShort(p) : b.getShort(p) & 0xFFFFL;
            case 4 -> f.signed() ? b.getInt(p) : b.getInt(p) & 0xFFFF_FFFFL;
            case 8 -> b.getLong(p);
            default -> throw new IllegalStateException("a " + f.size() + "-byte number field");
        };
    }
}
