package io.tunescope.tune.command;

import io.tunescope.store.TuningProtocol;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.session.TrialRecord;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.target.NoiseEstimate;
import io.tunescope.tune.target.ProtocolLoop;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code summary.json} shows of the trial protocol ({@link TuningProtocol}): its settings, the noise the
 * default's repeated measurements showed, each race of the session with its decision, the unstable configurations
 * with their spread, and how many measurements the session took in all.
 */
final class ProtocolSummary {
    private ProtocolSummary() {
    }

    static TuningProtocol of(TrialProtocol p, TuningSession session, ProtocolLoop loop) {
        Double budgetSeconds = p.budgetTime() == null ? null : p.budgetTime().toMillis() / 1000.0;
        if (!p.racing()) {
            return new TuningProtocol(new TuningProtocol.Settings(p.mode().label(), null, null, null, null, null,
                    null, budgetSeconds), null, null, List.of(), List.of());
        }
        TuningProtocol.Settings settings = new TuningProtocol.Settings(p.mode().label(), p.noiseRepeats(),
                p.maxSlices(), p.halfWidthPercent(), p.revalidateRuns(), p.unstableFactor(), p.confidence(),
                budgetSeconds);
        NoiseEstimate noise = loop != null && loop.noise() != null ? loop.noise()
                : session.defaultTrial().filter(r -> r.measurements().size() >= 2)
                .map(r -> NoiseEstimate.of(r.measurements())).orElse(null);
        List<TuningProtocol.Unstable> unstable = session.history().stream().filter(TrialRecord::unstable)
                .map(r -> new TuningProtocol.Unstable(r.trial(), r.config().values(), r.measurements(),
                        NoiseEstimate.of(r.measurements()).cvPercent(), noise == null ? null : noise.cvPercent()))
                .toList();
        return new TuningProtocol(settings, noise == null ? null : new TuningProtocol.Noise(noise.measurements(),
                noise.mean(), noise.cvPercent(), noise.driftPercentPerMeasurement()), session.replicates().size(),
                races(session, loop), unstable);
    }

    /**
     * Every race of the session in trial order: the journal's decision and measurements for each, with the pairs,
     * gain and interval of those this process ran (a race run before a resume has only what the journal keeps).
     */
    static List<TuningProtocol.Race> races(TuningSession session, ProtocolLoop loop) {
        Map<Integer, TuningProtocol.Race> ran = new LinkedHashMap<>();
        if (loop != null) {
            loop.races().forEach(r -> ran.put(r.trial(), r));
        }
        List<TuningProtocol.Race> out = new ArrayList<>();
        for (TrialRecord r : session.history()) {
            if (r.race() == null || TrialRecord.Race.INCUMBENT.equals(r.race())) {
                continue;
            }
            TuningProtocol.Race race = ran.get(r.trial());
            out.add(race != null ? race : TuningProtocol.Race.journaled(r.trial(), r.measurements().size(), r.race()));
        }
        return out;
    }
}
