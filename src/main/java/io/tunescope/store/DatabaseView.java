package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A tenant database's own view of a run, beside the threads the monitor saw: its effective settings (read once,
 * before the users started) and every counter it keeps, before the users started and after they finished, with the
 * difference of the numeric ones. {@code notes} say what could not be read, from either reading.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record DatabaseView(String beforeAt, String afterAt, List<EngineSetting> settings,
                           List<CounterChange> counters, List<String> notes) {
    /**
     * The counters a reader looks at first: transactions, blocks read and hit, temporary files, checkpoints and
     * buffers written (PostgreSQL); InnoDB's rows, reads and log writes, and the statements run by kind (MariaDB).
     */
    private static final Pattern HEADLINE = Pattern.compile("xact_commit|xact_rollback|blks_read|blks_hit|temp_bytes"
            + "|temp_files|tup_.*|deadlocks|checkpoints_.*|num_timed|num_requested|buffers_.*|calls|total_exec_time"
            + "|Innodb_rows_.*|Innodb_buffer_pool_read.*|Innodb_data_.*|Innodb_log_writes|Com_select|Com_insert"
            + "|Com_update|Com_delete|Com_commit|Com_rollback|Questions|Handler_read_.*|Created_tmp_.*");

    /**
     * Counters a reader of a view of entries (pg_stat_statements) adds: how many entries the view held, and how many
     * the reading lists. When a reading before the users lists them all, an entry it lacks had not been used yet,
     * and its change counts from zero.
     */
    public static final String ENTRIES = "entries";
    public static final String ENTRIES_LISTED = "entries_listed";

    public DatabaseView {
        settings = settings == null ? List.of() : List.copyOf(settings);
        counters = counters == null ? List.of() : List.copyOf(counters);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /**
     * One counter before and after the users ran, as the engine gave them, and {@code after - before} when both are
     * numbers (null otherwise, or when one reading lacks it).
     */
    public record CounterChange(String view, String name, String before, String after, Double change) {
    }

    /**
     * The view of a run from its readings: the settings (read once, before the users started), the counters before
     * the users started and after they finished; a reading that was never taken (the run ended first) is null and
     * named in the notes.
     */
    public static DatabaseView of(EngineReading settings, EngineReading before, EngineReading after) {
        Map<String, String[]> pairs = new LinkedHashMap<>();
        Map<String, String> views = new LinkedHashMap<>();
        Map<String, String> names = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        for (EngineReading reading : java.util.Arrays.asList(settings, before, after)) {
            if (reading != null) {
                reading.notes().stream().filter(n -> !notes.contains(n)).forEach(notes::add);
            }
        }
        if (before != null) {
            collect(before, 0, pairs, views, names);
        } else {
            notes.add("no counters before the users: the run ended before they started");
        }
        if (after != null) {
            collect(after, 1, pairs, views, names);
        } else if (before != null) {
            notes.add("no counters after the users: the run ended before they finished");
        }
        java.util.Set<String> listedInFull = before == null ? java.util.Set.of() : listedInFull(before);
        List<CounterChange> changes = new ArrayList<>();
        pairs.forEach((key, values) -> {
            String view = views.get(key);
            boolean newEntry = values[0] == null && listedInFull.contains(view) && names.get(key).contains(".");
            changes.add(new CounterChange(view, names.get(key), values[0], values[1],
                    difference(newEntry ? "0" : values[0], values[1])));
        });
        return new DatabaseView(before == null ? null : before.takenAt(), after == null ? null : after.takenAt(),
                settings == null ? List.of() : settings.settings(), changes, notes);
    }

    /** The views of entries whose every entry this reading lists ({@link #ENTRIES} equal to {@link #ENTRIES_LISTED}). */
    private static java.util.Set<String> listedInFull(EngineReading reading) {
        Map<String, String> entries = new LinkedHashMap<>();
        java.util.Set<String> full = new java.util.HashSet<>();
        for (EngineReading.Counter c : reading.counters()) {
            if (c.name().equals(ENTRIES)) {
                entries.put(c.view(), c.value());
            }
        }
        for (EngineReading.Counter c : reading.counters()) {
            if (c.name().equals(ENTRIES_LISTED) && c.value() != null && c.value().equals(entries.get(c.view()))) {
                full.add(c.view());
            }
        }
        return full;
    }

    private static void collect(EngineReading reading, int slot, Map<String, String[]> pairs,
                                Map<String, String> views, Map<String, String> names) {
        for (EngineReading.Counter c : reading.counters()) {
            String key = c.view() + "\u0000" + c.name();
            pairs.computeIfAbsent(key, k -> new String[2])[slot] = c.value();
            views.putIfAbsent(key, c.view());
            names.putIfAbsent(key, c.name());
        }
    }

    static Double difference(String before, String after) {
        Double b = number(before);
        Double a = number(after);
        return a == null || b == null ? null : a - b;
    }

    private static Double number(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        try {
            double v = Double.parseDouble(text);
            return Double.isFinite(v) ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The settings whose value differs from the engine's default, in the engine's order. */
    public List<EngineSetting> changedSettings() {
        return settings.stream().filter(EngineSetting::changed).toList();
    }

    /** A counter by its view and name; null when neither reading had it. */
    public CounterChange counter(String view, String name) {
        return counters.stream().filter(c -> c.view().equals(view) && c.name().equals(name)).findFirst()
                .orElse(null);
    }

    /**
     * The headline counters that changed (transactions, blocks, temporary bytes, checkpoints; InnoDB, statements by
     * kind), largest change first, at most {@code limit}.
     */
    public List<CounterChange> headlineChanges(int limit) {
        return counters.stream().filter(c -> c.change() != null && c.change() != 0)
                .filter(c -> HEADLINE.matcher(c.name()).matches())
                .sorted(Comparator.comparingDouble((CounterChange c) -> -Math.abs(c.change())))
                .limit(limit).toList();
    }
}
