package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * What a tenant's database said about itself at one instant: its settings (read once, before the users start; empty
 * in the reading after them), its counters, and {@code notes} on what it could not read (a view that is missing, an
 * extension that is not loaded), so an absent counter is explained, never silently missing.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record EngineReading(String takenAt, List<EngineSetting> settings, List<Counter> counters, List<String> notes) {
    public EngineReading {
        settings = settings == null ? List.of() : List.copyOf(settings);
        counters = counters == null ? List.of() : List.copyOf(counters);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /**
     * One counter as read: {@code view} is where it comes from ({@code pg_stat_database}, {@code global_status}),
     * {@code value} its text as the engine gave it (masked as settings are, though counters hold no secrets).
     */
    public record Counter(String view, String name, String value) {
        public Counter {
            value = SecretMask.value(name, value);
        }
    }
}
