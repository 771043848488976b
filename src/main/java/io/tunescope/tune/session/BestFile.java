package io.tunescope.tune.session;

import io.tunescope.store.BestSoFar;
import io.tunescope.store.TuningDir;

import java.nio.file.Path;

/** {@code best.json}: rewritten atomically after every trial, so it is current even after a crash. */
public final class BestFile {
    private BestFile() {
    }

    public static BestSoFar content(TuningSession s) {
        BestSoFar.Best best = s.best().map(r -> new BestSoFar.Best(r.config().values(), r.objective(), r.trial()))
                .orElse(null);
        BestSoFar.DefaultResult def = s.history().stream().filter(TrialRecord::isDefault).findFirst()
                .map(r -> new BestSoFar.DefaultResult(r.config().values(), r.objective(), r.error())).orElse(null);
        Double improvement = null;
        if (best != null && def != null && def.objective() != null && def.objective() != 0) {
            improvement = Math.round(s.direction().gainPercent(best.objective(), def.objective()) * 10.0) / 10.0;
        }
        return new BestSoFar(s.completedTrials(), best, def, improvement, s.direction().label(), s.strategyName(),
                s.seed(), null, null);
    }

    public static void write(Path dir, TuningSession s) {
        content(s).write(TuningDir.of(dir).best());
    }
}
