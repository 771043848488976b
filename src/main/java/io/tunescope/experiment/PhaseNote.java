package io.tunescope.experiment;

import io.tunescope.workload.WorkloadDefinition;
import io.tunescope.workload.mix.LoadPhase;
import io.tunescope.workload.mix.TransactionWorkload;

import java.util.List;

/**
 * The phase a run is in, for its progress line ({@code phase 2/3 (8 users)}), told from the time since the users
 * started; the tenants keep the phases on their own clocks, started within moments of this one.
 */
record PhaseNote(List<LoadPhase> phases) {
    static PhaseNote of(WorkloadDefinition definition) {
        TransactionWorkload transactions = definition.transactions();
        return new PhaseNote(transactions == null ? List.of() : transactions.phases());
    }

    /** {@code note} with the phase at {@code elapsedNanos} before it; {@code note} alone without phases. */
    String prefix(long elapsedNanos, String note) {
        if (phases.isEmpty()) {
            return note;
        }
        long end = 0;
        int i = 0;
        for (; i < phases.size() - 1; i++) {
            end += phases.get(i).duration().toNanos();
            if (elapsedNanos < end) {
                break;
            }
        }
        String phase = "phase " + (i + 1) + "/" + phases.size() + " (" + phases.get(i).label() + ")";
        return note == null ? phase : phase + "  " + note;
    }
}
