package io.tunescope.tune.session;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a session has measured: every completed trial by configuration key (so a grid point is never measured twice)
 * and in completion order, the best and the default's result, and the worst value seen so far, which is what a
 * failed or rejected point scores. Values handed to the strategy are internal: smaller is better whatever the
 * session's direction.
 */
final class TrialLedger {
    private final Direction direction;
    private final Map<String, TrialRecord> byKey = new HashMap<>();
    private final List<TrialRecord> history = new ArrayList<>();
    private final java.util.Set<Integer> numbers = new java.util.HashSet<>();
    private double worstInternal = Double.NEGATIVE_INFINITY;
    private TrialRecord best;
    private TrialRecord defaultTrial;

    TrialLedger(Direction direction) {
        this.direction = direction;
    }

    void record(TrialRecord r) {
        byKey.put(r.config().key(), r);
        history.add(r);
        numbers.add(r.trial());
        if (r.ok()) {
            worstInternal = Math.max(worstInternal, direction.toInternal(r.objective()));
            if (best == null || direction.better(r.objective(), best.objective())) {
                best = r;
            }
            if (r.isDefault()) {
                defaultTrial = r;
            }
        }
    }

    boolean containsTrial(int number) {
        return numbers.contains(number);
    }

    boolean contains(String key) {
        return byKey.containsKey(key);
    }

    /** The internal value of the trial measured at {@code key}, which must be in the ledger. */
    double internalValue(String key) {
        return internalValue(byKey.get(key));
    }

    double internalValue(TrialRecord r) {
        return r.ok() ? direction.toInternal(r.objective()) : penalty();
    }

    /** The value a failed or rejected point scores: the worst seen so far, or +infinity before any success. */
    double penalty() {
        return worstInternal == Double.NEGATIVE_INFINITY ? Double.POSITIVE_INFINITY : worstInternal;
    }

    int size() {
        return history.size();
    }

    long failed() {
        return history.stream().filter(r -> !r.ok()).count();
    }

    Optional<TrialRecord> best() {
        return Optional.ofNullable(best);
    }

    Optional<TrialRecord> defaultTrial() {
        return Optional.ofNullable(defaultTrial);
    }

    List<TrialRecord> history() {
        return Collections.unmodifiableList(history);
    }
}
