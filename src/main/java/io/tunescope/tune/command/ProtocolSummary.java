package io.tunescope.tune.command;

import io.tunescope.store.JournalLine;
import io.tunescope.store.TuningProtocol;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.session.TrialRecord;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.target.NoiseEstimate;
import io.tunescope.tune.target.ProtocolLoop;
import io.tunescope.tune.target.ReplicationBudget;
import io.tunescope.tune.target.ReplicationSizing;
import io.tunescope.tune.target.SequentialTest;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code summary.json} shows of the trial protocol ({@link TuningProtocol}): its settings with how {@code auto}
 * sized the replication, the noise the default's repeated measurements showed, each race of the session with its
 * decision, the unstable configurations with their spread, and how many measurements the session took in all.
 */
final class ProtocolSummary {
    private ProtocolSummary() {
    }

    /**
     * @param revalidation how the re-validation's runs were sized (null: no re-validation ran)
     * @param budgetTrials the session's trial budget
     */
    static TuningProtocol of(TrialProtocol p, TuningSession session, ProtocolLoop loop,
                             ReplicationSizing.Size revalidation, int budgetTrials) {
        Double budgetSeconds = p.budgetTime() == null ? null : p.budgetTime().toMillis() / 1000.0;
        if (!p.racing()) {
            return new TuningProtocol(new TuningProtocol.Settings(p.mode().label(), null, null, null, null, null,
                    null, null, null, budgetSeconds), null, null, List.of(), List.of());
        }
        NoiseEstimate noise = noise(session, loop);
        TuningProtocol.Settings settings = new TuningProtocol.Settings(p.mode().label(), p.noiseRepeats(),
                p.maxSlices().label(), p.halfWidthPercent(), p.revalidateRuns().label(), p.unstableFactor(),
                p.confidence(), p.sized() ? p.measurementsPerTrial() : null,
                p.sized() ? sizing(p, budgetTrials, noise, revalidation, loop) : null, budgetSeconds);
        List<TuningProtocol.Unstable> unstable = session.history().stream().filter(TrialRecord::unstable)
                .map(r -> unstable(p, session, r, noise)).toList();
        return new TuningProtocol(settings, noise == null ? null : new TuningProtocol.Noise(noise.measurements(),
                noise.mean(), noise.cvPercent(), noise.driftPercentPerMeasurement()), session.replicates().size(),
                races(session, loop), unstable);
    }

    /**
     * An unstable configuration with its spread and the one it was judged against, read from the journal as a resumed
     * race judges it: the other side's measurements in the race the configuration was measured in.
     */
    private static TuningProtocol.Unstable unstable(TrialProtocol p, TuningSession session, TrialRecord r,
                                                    NoiseEstimate noise) {
        Set<Integer> racesOf = new HashSet<>();
        session.replicates().stream().filter(x -> x.trial() == r.trial()).forEach(x -> racesOf.add(x.race()));
        List<Double> incumbentInRace = session.replicates().stream()
                .filter(x -> racesOf.contains(x.race()) && x.trial() != r.trial() && x.ok())
                .map(JournalLine.Replicate::value).toList();
        List<Double> noisePhase = session.defaultTrial().map(TrialRecord::measurements).orElse(List.of());
        SequentialTest.Stability judged = racesOf.isEmpty() ? null : SequentialTest.stability(r.measurements(),
                incumbentInRace, noisePhase, p.unstableFactor(), p.confidence());
        return new TuningProtocol.Unstable(r.trial(), r.config().values(), r.measurements(),
                NoiseEstimate.of(r.measurements()).cvPercent(), noise == null ? null : noise.cvPercent(),
                judged == null ? null : judged.referenceCvPercent(), judged == null ? null
                : judged.reference().label());
    }

    /** The noise the session measured: the loop's estimate, or the default trial's measurements (null: none). */
    static NoiseEstimate noise(TuningSession session, ProtocolLoop loop) {
        return loop != null && loop.noise() != null ? loop.noise()
                : session.defaultTrial().filter(r -> r.measurements().size() >= 2)
                .map(r -> NoiseEstimate.of(r.measurements())).orElse(null);
    }

    /**
     * How {@code auto} sized the replication: the pairs the measured noise asks for to resolve ±halfWidthPercent, the
     * budget that caps them, the re-validation's runs (each race's slices are in {@code races}), the fewest pairs a
     * race takes and why the search ended early where it did so for that.
     */
    private static TuningProtocol.Sizing sizing(TrialProtocol p, int budgetTrials, NoiseEstimate noise,
                                                ReplicationSizing.Size revalidation, ProtocolLoop loop) {
        return new TuningProtocol.Sizing(noise == null ? null : noise.cvPercent(), noise == null ? null
                : ReplicationSizing.pairsToResolve(noise.logSd(), p.halfWidthPercent(), p.confidence()),
                p.budgetTime() != null ? "budgetTime" : "measurementBudget",
                p.budgetTime() == null ? p.measurementBudget(budgetTrials) : null,
                revalidation == null ? null : revalidation.stored(),
                p.maxSlices().auto() ? ReplicationBudget.MIN_RACE_PAIRS : null,
                loop == null ? null : loop.searchEnd());
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
