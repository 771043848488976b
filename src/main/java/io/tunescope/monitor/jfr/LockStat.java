package io.tunescope.monitor.jfr;

import java.util.List;
import java.util.Objects;

/**
 * One contended lock: {@code kind} is {@code monitor} (threads blocked entering {@code synchronized}) or
 * {@code park} (threads parked, e.g. on a {@code ReentrantLock}); {@code monitorClass} the class of the object
 * waited on; {@code share} its part of all blocked time in the recording; {@code topFrames} the frames where
 * threads waited ({@code class.method:line}, most blocked time first); {@code callPaths} the three frames into them.
 */
public record LockStat(String kind, String monitorClass, long blockedMillis, long blockedNanos, long events,
                       double share, List<String> topFrames, List<String> callPaths) {
    public LockStat {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(monitorClass, "monitorClass");
        if (events < 0 || blockedNanos < 0) {
            throw new IllegalArgumentException("events (" + events + ") and blockedNanos (" + blockedNanos
                    + ") must be at least 0");
        }
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("share (" + share + ") must be within [0, 1]");
        }
        topFrames = List.copyOf(topFrames);
        callPaths = List.copyOf(callPaths);
    }
}
