package io.tunescope.tune.command;

import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.session.TrialRecord;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.target.NoiseEstimate;
import io.tunescope.tune.target.ProtocolLoop;
import io.tunescope.tune.target.ReplicationSizing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code summary.json} shows of the trial protocol: its settings, the noise the default's repeated measurements
 * showed, each race of the session with its decision, the unstable configurations with their spread, and how many
 * measurements the session took in all.
 */
final class ProtocolSummary {
    private ProtocolSummary() {
    }

    /**
     * @param revalidation how the re-validation's runs were sized (null: no re-validation ran)
     * @param budgetTrials the session's trial budget
     */
    static Map<String, Object> of(TrialProtocol p, TuningSession session, ProtocolLoop loop,
                                  ReplicationSizing.Size revalidation, int budgetTrials) {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("mode", p.mode().label());
        NoiseEstimate noise = noise(session, loop);
        if (p.racing()) {
            settings.put("noiseRepeats", p.noiseRepeats());
            settings.put("maxSlices", p.maxSlices().label());
            settings.put("halfWidthPercent", p.halfWidthPercent());
            settings.put("revalidateRuns", p.revalidateRuns().label());
            settings.put("unstableFactor", p.unstableFactor());
            settings.put("confidence", p.confidence());
            if (p.sized()) {
                settings.put("measurementsPerTrial", p.measurementsPerTrial());
                settings.put("sizing", sizing(p, budgetTrials, noise, revalidation));
            }
        }
        if (p.budgetTime() != null) {
            settings.put("budgetTimeSeconds", p.budgetTime().toMillis() / 1000.0);
        }
        m.put("protocol", settings);
        if (!p.racing()) {
            return m;
        }
        m.put("noise", noise);
        m.put("measurements", session.replicates().size());
        m.put("races", races(session, loop));
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

    /** The noise the session measured: the loop's estimate, or the default trial's measurements (null: none). */
    static NoiseEstimate noise(TuningSession session, ProtocolLoop loop) {
        return loop != null && loop.noise() != null ? loop.noise()
                : session.defaultTrial().filter(r -> r.measurements().size() >= 2)
                .map(r -> NoiseEstimate.of(r.measurements())).orElse(null);
    }

    /**
     * How {@code auto} sized the replication: the pairs the measured noise asks for to resolve ±halfWidthPercent, the
     * budget that caps them, and the re-validation's runs (each race's slices are in {@code races}).
     */
    private static Map<String, Object> sizing(TrialProtocol p, int budgetTrials, NoiseEstimate noise,
                                              ReplicationSizing.Size revalidation) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("noiseCvPercent", noise == null ? null : noise.cvPercent());
        m.put("pairsNeeded", noise == null ? null
                : ReplicationSizing.pairsToResolve(noise.logSd(), p.halfWidthPercent(), p.confidence()));
        m.put("cappedBy", p.budgetTime() != null ? "budgetTime" : "measurementBudget");
        if (p.budgetTime() == null) {
            m.put("measurementBudget", p.measurementBudget(budgetTrials));
        }
        m.put("revalidateRuns", revalidation == null ? null : revalidation.toMap());
        return m;
    }

    /**
     * Every race of the session in trial order: the journal's decision and measurements for each, with the pairs,
     * gain and interval of those this process ran (a race run before a resume has only what the journal keeps).
     */
    static List<Map<String, Object>> races(TuningSession session, ProtocolLoop loop) {
        Map<Integer, Map<String, Object>> ran = new LinkedHashMap<>();
        if (loop != null) {
            loop.races().forEach(r -> ran.put((Integer) r.get("trial"), r));
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (TrialRecord r : session.history()) {
            if (r.race() == null || TrialRecord.Race.INCUMBENT.equals(r.race())) {
                continue;
            }
            Map<String, Object> race = ran.get(r.trial());
            if (race == null) {
                race = new LinkedHashMap<>();
                race.put("trial", r.trial());
                race.put("measurements", r.measurements().size());
                race.put("decision", r.race());
            }
            out.add(race);
        }
        return out;
    }
}
