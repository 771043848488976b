package io.tunescope.tune.command;

import io.tunescope.Progress;
import io.tunescope.store.BestSoFar;
import io.tunescope.store.Json;
import io.tunescope.store.TuningDir;
import io.tunescope.tune.importance.ParameterImportance;
import io.tunescope.tune.session.BestFile;
import io.tunescope.tune.session.Trial;
import io.tunescope.tune.session.TuningSession;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Tunes an external command (the engine of {@code tunescope tune}): asks the session for configurations, runs the
 * command {@code repeats} times per configuration, tells the session, and finally writes {@code summary.json},
 * the convergence chart and the parameter ranking next to the journal and {@code best.json}.
 */
public final class CommandTuner {
    /** What the caller prints. */
    public record Result(BestSoFar best, List<ParameterImportance.Importance> importance, int newTrials,
                         boolean exhausted, Path outputDirectory) {
    }

    private CommandTuner() {
    }

    public static Result run(TuningFile f, Path outDir, boolean resume, Progress progress) throws InterruptedException {
        long start = System.nanoTime();
        TuningSession.Builder b = TuningSession.builder(f.space()).strategy(f.strategy()).seed(f.seed())
                .direction(f.direction()).aggregate(f.aggregate()).outputDirectory(outDir).budgetTrials(f.budget());
        TuningDir files = TuningDir.of(outDir);
        Path logs = files.logs();
        int newTrials = 0;
        boolean exhausted = false;
        try (TuningSession session = resume ? b.resume() : b.build()) {
            createDirectories(logs);
            BestFile.write(outDir, session);
            try (Progress.Task bar = progress.start("tune", f.budget(), "trials")) {
                bar.step(session.completedTrials());
                while (session.completedTrials() < f.budget()) {
                    Optional<Trial> next = session.ask();
                    if (next.isEmpty()) {
                        exhausted = true;
                        break;
                    }
                    Trial trial = next.get();
                    runTrial(f, session, trial, files.trialLog(trial.number()));
                    newTrials++;
                    bar.step(1);
                }
            }
            List<ParameterImportance.Importance> importance = ParameterImportance.rank(f.space(), session.history(),
                    f.direction(), f.seed());
            TuneCharts.writeConvergence(outDir, session.history(), f.direction(),
                    "tune " + f.source().getFileName() + " (" + f.strategy() + ", seed " + f.seed() + ")");
            BestSoFar best = BestFile.content(session);
            Json.writeAtomically(files.summary(), summary(f, session, best, importance, exhausted,
                    (System.nanoTime() - start) / 1e9));
            return new Result(best, importance, newTrials, exhausted, outDir);
        }
    }

    private static void runTrial(TuningFile f, TuningSession session, Trial trial, Path stderr)
            throws InterruptedException {
        List<Double> measurements = new ArrayList<>();
        long elapsed = 0;
        for (int r = 0; r < f.repeats(); r++) {
            CommandTrial.Outcome o = CommandTrial.run(f, trial.config(), stderr);
            elapsed += o.elapsedMillis();
            if (!o.ok()) {
                session.fail(trial, o.error(), java.time.Duration.ofMillis(elapsed));
                return;
            }
            measurements.add(o.objective());
        }
        session.tell(trial, java.time.Duration.ofMillis(elapsed), measurements.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static Map<String, Object> summary(TuningFile f, TuningSession s, BestSoFar best,
                                               List<ParameterImportance.Importance> importance, boolean exhausted,
                                               double wallSeconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tool", "tunescope tune");
        m.put("tuningFile", f.source().toString());
        m.put("command", f.command());
        m.put("strategy", f.strategy());
        m.put("seed", f.seed());
        m.put("budget", f.budget());
        m.put("repeats", f.repeats());
        m.put("aggregate", f.aggregate().label());
        m.put("timeoutMillis", f.timeout().toMillis());
        m.put("best", best);
        m.put("stats", s.stats());
        m.put("spaceExhausted", exhausted);
        m.put("importance", importance);
        m.put("trials", s.history());
        m.put("wallSeconds", Math.round(wallSeconds * 10) / 10.0);
        m.put("environment", io.tunescope.store.RunEnvironment.capture());
        return m;
    }

    private static void createDirectories(Path p) {
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + p + ": " + e.getMessage(), e);
        }
    }
}
