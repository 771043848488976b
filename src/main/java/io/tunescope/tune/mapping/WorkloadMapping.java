package io.tunescope.tune.mapping;

import io.tunescope.BadInputException;
import io.tunescope.analysis.tune.WorkloadProfiles;
import io.tunescope.store.KnowledgeBase;
import io.tunescope.store.TuningSummary;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.RunSummary;
import io.tunescope.tune.database.DatabaseTarget;
import io.tunescope.tune.database.DatabaseTargetSpec;
import io.tunescope.tune.session.TrialRecord;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.space.SearchSpace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Workload mapping for a database session: once the default configuration's monitored trial has run (or, if it
 * failed, the first trial that succeeded), the workload's thread-level profile ({@link WorkloadProfiles}) is compared with the past sessions of the knowledge base, and the
 * best configurations of the nearest one (same engine and objective) are measured next, before the strategy's own
 * proposals, so that the search starts where a similar workload ended. At the end the session's own profile and best
 * configurations are added to the knowledge base for the sessions after it.
 */
public final class WorkloadMapping {
    /** How many of a past session's best configurations are kept, and tried. */
    public static final int BESTS = 3;

    private final KnowledgeBase knowledge;
    private final DatabaseTargetSpec spec;
    private final SearchSpace space;
    private final Function<Path, Optional<Map<String, Double>>> profiler;
    private Map<String, Double> profile;
    private TuningSummary.Match mapped;

    /** Mapping on {@code knowledge}, profiling the default trial from its monitored run's summary. */
    public WorkloadMapping(KnowledgeBase knowledge, DatabaseTargetSpec spec, SearchSpace space) {
        this(knowledge, spec, space, log -> profileOf(DatabaseTarget.runDirectory(log)));
    }

    /** Mapping whose profile of the default trial comes from {@code profiler}, given the trial's log path. */
    public WorkloadMapping(KnowledgeBase knowledge, DatabaseTargetSpec spec, SearchSpace space,
                           Function<Path, Optional<Map<String, Double>>> profiler) {
        this.knowledge = knowledge;
        this.spec = spec;
        this.space = space;
        this.profiler = profiler;
    }

    /**
     * After each trial until one gives a profile (the default trial, unless it failed): profiles the workload from
     * the trial's run summary and, if the knowledge base holds a similar past workload, has the session measure that
     * one's best configurations next. Once profiled, later calls change nothing.
     *
     * @param trialLog the log path the trial was measured with (its runs lie beside it)
     */
    public Optional<TuningSummary.Match> afterTrial(TuningSession session, Path trialLog) {
        if (profile != null) {
            return Optional.ofNullable(mapped);
        }
        Optional<Map<String, Double>> p = profiler.apply(trialLog);
        if (p.isEmpty()) {
            return Optional.empty();
        }
        profile = p.get();
        Optional<WorkloadProfiles.Match> match = WorkloadProfiles.nearest(profile, knowledge.entries(),
                spec.engine().id(), spec.objective().name());
        if (match.isEmpty()) {
            return Optional.empty();
        }
        KnowledgeBase.Entry e = match.get().entry();
        // the session's default is measured already (under racing, it is being measured): not suggested again
        String defaultKey = space.defaultConfiguration().map(Configuration::key).orElse(null);
        List<Configuration> configs = project(e.bests()).stream().filter(c -> !c.key().equals(defaultKey)).toList();
        session.suggest(configs);
        mapped = new TuningSummary.Match(e.workload(), e.users(), e.scaleFactor(), e.session(),
                Math.round(match.get().distance() * 1000) / 1000.0, configs.size());
        return Optional.of(mapped);
    }

    /** Past configurations in this space: knobs it does not tune keep their defaults; ones out of range are dropped. */
    List<Configuration> project(List<Map<String, Object>> bests) {
        Map<String, Object> defaults = space.defaultConfiguration().map(Configuration::values).orElse(Map.of());
        Set<String> keys = new LinkedHashSet<>();
        List<Configuration> out = new ArrayList<>();
        for (Map<String, Object> b : bests) {
            Map<String, Object> values = new LinkedHashMap<>();
            for (var param : space.params()) {
                Object v = b.containsKey(param.name()) ? b.get(param.name()) : defaults.get(param.name());
                values.put(param.name(), v);
            }
            try {
                Configuration c = space.configuration(values);
                if (keys.add(c.key())) {
                    out.add(c);
                }
            } catch (BadInputException | IllegalArgumentException | NullPointerException outOfThisSpace) {
                // a value this space does not allow (another range, a knob without a default): not tried
            }
        }
        return out;
    }

    /**
     * Adds this session's profile and best configurations to the knowledge base (nothing without a profile): the
     * session's best first (under racing the last race winner, which may have a lower mean than a candidate whose
     * race ended {@code indistinguishable}), then the others by objective, but none flagged unstable or whose race
     * ended {@code worse}.
     */
    public void record(TuningSession session, Path sessionDir) {
        if (profile == null) {
            return;
        }
        Comparator<TrialRecord> better = Comparator.comparingDouble(TrialRecord::objective);
        if (session.direction().label().equals("maximize")) {
            better = better.reversed();
        }
        Optional<TrialRecord> best = session.best();
        List<TrialRecord> ranked = new ArrayList<>();
        best.ifPresent(ranked::add);
        session.history().stream().filter(TrialRecord::ok)
                .filter(r -> !r.unstable() && !TrialRecord.Race.WORSE.equals(r.race()))
                .filter(r -> best.map(b -> b.trial() != r.trial()).orElse(true)).sorted(better).forEach(ranked::add);
        List<Map<String, Object>> bests = ranked.stream().limit(BESTS)
                .map(r -> (Map<String, Object>) new LinkedHashMap<>(r.config().values())).toList();
        knowledge.append(new KnowledgeBase.Entry(spec.engine().id(), spec.workload().toString(), spec.users(),
                spec.scaleFactor(), spec.objective().name(), session.direction().label(), profile, bests,
                sessionDir.toAbsolutePath().toString(), Instant.now().toString()));
    }

    public Optional<TuningSummary.Match> mapped() {
        return Optional.ofNullable(mapped);
    }

    public Optional<Map<String, Double>> profile() {
        return Optional.ofNullable(profile);
    }

    private static Optional<Map<String, Double>> profileOf(Path runs) {
        for (Path dir : List.of(runs, runs.resolve("run-1"))) {
            Path summary = ResultsDir.of(dir).summary();
            if (Files.isRegularFile(summary)) {
                try {
                    return WorkloadProfiles.of(RunSummary.read(summary));
                } catch (IOException unreadable) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }
}
