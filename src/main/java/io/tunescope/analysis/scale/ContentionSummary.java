package io.tunescope.analysis.scale;

import io.tunescope.monitor.jfr.LockStat;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The {@code contention} block of summary.json: {@code topMonitors} of the mode whose recording shows the most
 * blocked time (the one that matters for the verdict), and every mode's recording under {@code byMode}.
 */
public record ContentionSummary(String mode, int threads, String jfrFile, long totalBlockedMillis,
                                List<LockStat> topMonitors, Map<String, ModeContention> byMode) {

    public static ContentionSummary of(Map<String, ModeContention> byMode) {
        if (byMode.isEmpty()) {
            return null;
        }
        ModeContention worst = byMode.values().stream()
                .max(Comparator.comparingLong(m -> m.table() == null ? -1 : m.table().totalBlockedMillis()))
                .orElseThrow();
        List<LockStat> top = worst.table() == null ? List.of() : worst.table().topMonitors();
        return new ContentionSummary(worst.mode(), worst.threads(), worst.jfrFile(),
                worst.table() == null ? 0 : worst.table().totalBlockedMillis(), top, java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(byMode)));
    }
}
