package io.tunescope.tune.command;

import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.session.TrialRecord;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.target.NoiseEstimate;
import io.tunescope.tune.target.ProtocolLoop;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code summary.json} shows of the trial protocol: its settings, the noise the default's repeated measurements
 * showed, each race this process ran, the unstable configurations with their spread, and how many measurements the
 * session took in all.
 */
final class ProtocolSummary {
    private ProtocolSummary() {
    }

    static Map<String, Object> of(TrialProtocol p, TuningSession session, ProtocolLoop loop) {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("mode", p.mode().label());
        if (p.racing()) {
            settings.put("noiseRepeats", p.noiseRepeats());
            settings.put("maxSlices", p.maxSlices());
            settings.put("halfWidthPercent", p.halfWidthPercent());
            settings.put("revalidateRuns", p.revalidateRuns());
            settings.put("unstableFactor", p.unstableFactor());
            settings.put("confidence", p.confidence());
        }
        if (p.budgetTime() != null) {
            settings.put("budgetTimeSeconds", p.budgetTime().toMillis() / 1000.0);
        }
        m.put("protocol", settings);
        if (!p.racing()) {
            return m;
        }
        NoiseEstimate noise = loop != null && loop.noise() != null ? loop.noise()
                : session.defaultTrial().filter(r -> r.measurements().size() >= 2)
                .map(r -> NoiseEstimate.of(r.measurements())).orElse(null);
        m.put("noise", noise);
        m.put("measurements", session.replicates().size());
        m.put("races", loop == null ? List.of() : loop.races());
        m.put("unstable", session.history().stream().filter(TrialRecord::unstable).map(r -> {
            Map<String, Object> u = new LinkedHashMap<>();
            u.put("trial", r.trial());
            u.put("config", r.config().values());
            u.put("measurements", r.measurements());
            u.put("cvPercent", NoiseEstimate.of(r.measurements()).cvPercent());
            u.put("defaultCvPercent", noise == null ? null : noise.cvPercent());
            return u;
        }).toList());
        return m;
    }
}
