package io.tunescope.workload.pgbench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The names of one user's variables and their slots; shared by every script of a workload, as pgbench shares them. */
final class Variables {
    static final String SCALE = "scale";
    static final String CLIENT_ID = "client_id";
    static final String RANDOM_SEED = "random_seed";
    static final String DEFAULT_SEED = "default_seed";
    /** Set before any script runs: pgbench's automatic variables. */
    static final List<String> AUTOMATIC = List.of(SCALE, CLIENT_ID, RANDOM_SEED, DEFAULT_SEED);

    private final Map<String, Integer> slots = new HashMap<>();
    private final List<String> names = new ArrayList<>();

    Variables() {
        AUTOMATIC.forEach(this::slot);
    }

    int slot(String name) {
        Integer slot = slots.get(name);
        if (slot == null) {
            slot = names.size();
            slots.put(name, slot);
            names.add(name);
        }
        return slot;
    }

    String name(int slot) {
        return names.get(slot);
    }

    int size() {
        return names.size();
    }
}
