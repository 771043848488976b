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
            if (mayBeBest(r)) {
                best = r;
            }
            if (r.isDefault()) {
                defaultTrial = r;
            }
        }
    }

    /**
     * Without a race (the single protocol) the best objective wins. Under racing, only a race decides: the first
     * incumbent, then each candidate that beat the incumbent of its time; an unstable, worse or indistinguishable
     * one never becomes best, whatever its mean.
     */
    private boolean mayBeBest(TrialRecord r) {
        if (r.race() == null) {
            return best == null || direction.better(r.objective(), best.objective());
        }
        return switch (r.race()) {
            case TrialRecord.Race.INCUMBENT -> best == null;
            case TrialRecord.Race.BETTER -> true;
            default -> false;
        };
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
        // an unstable configuration teaches the strategy the worst value, so the search leaves its region
        return r.ok() && !r.unstable() ? direction.toInternal(r.objective()) : penalty();
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

    long unstable() {
        return history.stream().filter(TrialRecord::unstable).count();
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
