package io.tunescope.tune.target;

import io.tunescope.Progress;
import io.tunescope.store.JournalLine;
import io.tunescope.tune.session.Trial;
import io.tunescope.tune.session.TuningSession;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The measurements of the racing protocol, each journaled as it is taken ({@link TuningSession#recordReplicate}); one
 * already in the journal (a resumed race) is returned instead of measured again. A trial's first measurement has the
 * trial's own log (workload mapping reads it); later ones go beside it ({@code trial-1-race-7-slice-3.stderr}).
 */
final class RaceMeasurements {
    private final TuningTarget target;
    private final TuningSession session;
    private final IntFunction<Path> trialLog;
    private final Progress.Task bar;
    private int measured;

    RaceMeasurements(TuningTarget target, TuningSession session, IntFunction<Path> trialLog, Progress.Task bar) {
        this.target = target;
        this.session = session;
        this.trialLog = trialLog;
        this.bar = bar;
    }

    /** The journaled measurement of {@code t} in slice {@code slice} of race {@code raceNo}, or a new one. */
    JournalLine.Replicate measure(Trial t, int raceNo, int slice) throws InterruptedException {
        Map<String, Object> config = t.config().values();
        for (JournalLine.Replicate r : session.replicates()) {
            // the configuration compared by key: read back from JSON, 4 is an Integer where the space holds a Long
            if (r.race() == raceNo && r.trial() == t.number() && r.slice() == slice
                    && session.space().configuration(r.config()).key().equals(t.config().key())) {
                return r;
            }
        }
        Path log = trialLog.apply(t.number());
        if (session.replicates().stream().anyMatch(r -> r.trial() == t.number())) {
            String name = log.getFileName().toString();
            int dot = name.lastIndexOf('.');
            String suffix = "-race-" + raceNo + "-slice-" + slice;
            log = log.resolveSibling(dot > 0 ? name.substring(0, dot) + suffix + name.substring(dot) : name + suffix);
        }
        TuningTarget.Measurement m = target.measure(t.config(), t.isDefault(), log);
        JournalLine.Replicate r = new JournalLine.Replicate(raceNo, t.number(), slice, config,
                m.ok() ? SequentialTest.mean(m.values()) : null, m.ok() ? null : m.reason(), m.elapsedMillis());
        if (r.ok() && !Double.isFinite(r.value())) {
            r = new JournalLine.Replicate(raceNo, t.number(), slice, config, null,
                    "objective is not a finite number: " + r.value(), m.elapsedMillis());
        }
        session.recordReplicate(r);
        measured++;
        bar.step(1);
        return r;
    }

    /** Measurements taken by this process (not those read back from the journal). */
    int measured() {
        return measured;
    }
}
