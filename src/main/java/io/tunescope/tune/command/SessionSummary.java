package io.tunescope.tune.command;

import io.tunescope.store.BestSoFar;
import io.tunescope.store.TuningSummary;
import io.tunescope.tune.importance.ParameterImportance;
import io.tunescope.tune.session.TrialRecord;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.target.TuningTarget;

import java.util.List;

/** A session's {@code summary.json} ({@link TuningSummary}) from the tuning file, its target and the session. */
final class SessionSummary {
    private SessionSummary() {
    }

    /** The summary, neither completed nor stopped yet, of {@code s} after {@code wallSeconds}. */
    static TuningSummary of(TuningFile f, TuningTarget target, TuningSession s, BestSoFar best,
                            List<ParameterImportance.Importance> importance, boolean exhausted, double wallSeconds) {
        return TuningSummary.of(f.source(), target.describe(), new TuningSummary.Search(f.strategy(), f.seed(),
                        f.budget(), f.repeats(), f.aggregate().label(), f.timeout().toMillis()),
                new TuningSummary.Found(best, s.stats(), exhausted, importance.stream()
                        .map(i -> new TuningSummary.Importance(i.parameter(), i.share())).toList(),
                        s.history().stream().map(SessionSummary::trial).toList(), wallSeconds));
    }

    static TuningSummary.Trial trial(TrialRecord r) {
        return new TuningSummary.Trial(r.trial(), r.config().values(), r.status().name(), r.objective(),
                r.measurements(), r.error(), r.isDefault(), r.elapsedMillis(), r.race());
    }
}
