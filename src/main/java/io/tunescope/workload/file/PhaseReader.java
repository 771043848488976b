package io.tunescope.workload.file;

import io.tunescope.config.YamlSection;
import io.tunescope.config.YamlValue;
import io.tunescope.workload.WorkloadConfig;
import io.tunescope.workload.mix.LoadPhase;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the {@code phases:} list of a workload file: each a duration, either users or a rate, optional weights and
 * whether it is a warm-up.
 */
final class PhaseReader {
    private PhaseReader() {
    }

    /** The phases at {@code phases} of {@code root}; empty when the file gives none. */
    static List<LoadPhase> phases(YamlSection root, List<String> transactions) {
        YamlValue list = root.value("phases");
        if (!list.present()) {
            return List.of();
        }
        List<YamlValue> items = list.items();
        if (items.isEmpty()) {
            throw list.error("[]", "must list at least one phase (or leave phases out)");
        }
        List<LoadPhase> phases = new ArrayList<>();
        for (YamlValue item : items) {
            phases.add(phase(item.section(), transactions));
        }
        return phases;
    }

    private static LoadPhase phase(YamlSection p, List<String> transactions) {
        Duration duration = p.required("duration").duration();
        boolean users = p.has("users");
        boolean rate = p.has("rate");
        if (users && rate) {
            throw p.error("rate", p.value("rate").display(), "cannot be given beside users: give exactly one of "
                    + "users (closed load) or rate (transactions per second per tenant)");
        }
        if (!users && !rate) {
            throw p.error("users", "missing", "give exactly one of users (closed load) or rate (transactions per "
                    + "second per tenant)");
        }
        int userCount = users ? p.integer("users", 1, 1, WorkloadConfig.MAX_USERS) : 0;
        double ratePerSec = rate ? p.value("rate").positive() : 0;
        Map<String, Double> weights = new LinkedHashMap<>();
        YamlSection w = p.section("weights");
        for (String name : w.keys()) {
            if (!transactions.contains(name)) {
                throw w.error(name, name, "is not a transaction of this file; its transactions: " + transactions);
            }
            weights.put(name, w.value(name).positive());
        }
        w.end();
        boolean warmup = p.bool("warmup", false);
        p.end();
        return new LoadPhase(duration, userCount, ratePerSec, weights, warmup);
    }
}
