package io.tunescope.experiment;

import io.tunescope.BadInputException;
import io.tunescope.config.DurationText;
import io.tunescope.workload.WorkloadDefinition;
import io.tunescope.workload.mix.LoadPhase;
import io.tunescope.workload.mix.TransactionWorkload;

import java.time.Duration;
import java.util.List;

/**
 * A workload with phases of its own sets the run's load shape: its phases' durations make the run's length, and the
 * command line's length, warm-up and rate, which would contradict them, are bad input. {@code --users} is the
 * connections each tenant opens: every phase's users must fit in it.
 */
final class PhaseRules {
    private PhaseRules() {
    }

    /** The run's duration: the phases' total for a phased workload, else {@code duration} as given. */
    static Duration duration(WorkloadDefinition definition, Duration duration, Integer iterations, int warmup,
                             double ratePerSec, int users) {
        TransactionWorkload transactions = definition == null ? null : definition.transactions();
        List<LoadPhase> phases = transactions == null ? List.of() : transactions.phases();
        if (phases.isEmpty()) {
            return duration;
        }
        Duration total = phases.stream().map(LoadPhase::duration).reduce(Duration.ZERO, Duration::plus);
        String rule = "cannot be given with the phases of " + definition + " (they last "
                + DurationText.format(total) + " in all)";
        if (duration != null && !duration.equals(total)) {
            throw BadInputException.of("duration", DurationText.format(duration), rule);
        }
        if (iterations != null && iterations > 0) {
            throw BadInputException.of("iterations", iterations, rule);
        }
        if (warmup > 0) {
            throw BadInputException.of("warmup", warmup, rule + "; mark a phase warmup: true instead");
        }
        if (ratePerSec > 0) {
            throw BadInputException.of("rate", ratePerSec, rule + "; give a phase its rate instead");
        }
        for (int i = 0; i < phases.size(); i++) {
            if (phases.get(i).users() > users) {
                throw BadInputException.of("phases[" + i + "].users", phases.get(i).users(),
                        "must be at most --users (" + users + "), the connections each tenant opens");
            }
        }
        return total;
    }
}
