package io.tunescope.tune.command;

import io.tunescope.Progress;
import io.tunescope.store.BestSoFar;
import io.tunescope.store.CrossApplyMatrix;
import io.tunescope.store.Json;
import io.tunescope.store.RunEnvironment;
import io.tunescope.store.TuningDir;
import io.tunescope.tune.shop.ShopTarget;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.CrossApply;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The web shop tuned for several mixes ({@code engine: shop} with {@code workloads:}): one session per mix, each in
 * its own directory and without its own re-validation, then the cross-apply matrix ({@link CrossApply}): every mix's
 * best and the default measured on every mix, alternately, with intervals (Active Harmony's Figure 2). As for a
 * database's workloads ({@link WorkloadsTuner}), the diagonal re-validates each mix's best in its {@code best.json}.
 */
final class ShopWorkloadsTuner {
    private ShopWorkloadsTuner() {
    }

    static WorkloadsTuner.Result run(TuningFile f, Path outDir, boolean resume, Progress progress)
            throws InterruptedException {
        List<ShopTarget> opened = new ArrayList<>();
        try {
            return run(f, outDir, resume, progress, opened);
        } finally {
            opened.forEach(ShopTarget::close);   // the cross-apply's persistent stacks, if any
        }
    }

    private static WorkloadsTuner.Result run(TuningFile f, Path outDir, boolean resume, Progress progress,
                                             List<ShopTarget> opened) throws InterruptedException {
        long start = System.nanoTime();
        TuningDir files = TuningDir.of(outDir);
        Map<String, CommandTuner.Result> sessions = new LinkedHashMap<>();
        Map<String, Configuration> bests = new LinkedHashMap<>();
        List<CrossApply.Workload> workloads = new ArrayList<>();
        for (TuningFile.Workload w : f.workloads()) {
            TuningDir dir = files.workload(w.name());
            createDirectories(dir.root());
            ShopTarget target = new ShopTarget(w.shop());
            opened.add(target);
            CommandTuner.Result r = CommandTuner.run(f.withShop(w.shop().withRevalidateRuns(0)), dir.root(),
                    resume && Files.isRegularFile(dir.journal()), progress);
            sessions.put(w.name(), r);
            workloads.add(new CrossApply.Workload(w.name(), target));
            if (r.best().best() != null) {
                bests.put(w.name(), f.space().configuration(r.best().best().config()));
            }
        }
        CrossApplyMatrix matrix = null;
        var defaults = f.space().defaultConfiguration();
        int runs = Math.max(1, f.shop().revalidateRuns());
        if (bests.size() == workloads.size() && defaults.isPresent()) {
            try (Progress.Task bar = progress.start("cross-apply", runs * workloads.size(), "workload rounds")) {
                matrix = CrossApply.run(workloads, bests, defaults.get(), runs, f.direction(),
                        f.shop().objective().label(), files.logs().resolve("matrix"), bar);
            }
            matrix.write(files.matrix());
            TuneCharts.writeMatrix(outDir, matrix);
            for (TuningFile.Workload w : f.workloads()) {
                BestSoFar b = sessions.get(w.name()).best();
                BestSoFar done = b.withResult(b.snippet(), CrossApply.diagonal(matrix, w.name(), f.direction()));
                done.write(files.workload(w.name()).best());
                CommandTuner.Result r = sessions.get(w.name());
                sessions.put(w.name(), new CommandTuner.Result(done, r.importance(), r.newTrials(), r.exhausted(),
                        r.outputDirectory()));
            }
        }
        Json.writeAtomically(files.summary(), summary(f, sessions, matrix, (System.nanoTime() - start) / 1e9));
        return new WorkloadsTuner.Result(sessions, matrix, outDir);
    }

    private static Map<String, Object> summary(TuningFile f, Map<String, CommandTuner.Result> sessions,
                                               CrossApplyMatrix matrix, double wallSeconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tool", "tunescope tune");
        m.put("tuningFile", f.source().toString());
        m.put("engine", "shop");
        m.put("target", f.shopTarget().describe());
        m.put("objective", f.shop().objective().label());
        m.put("strategy", f.strategy());
        m.put("seed", f.seed());
        m.put("budget", f.budget());
        Map<String, Object> ws = new LinkedHashMap<>();
        for (TuningFile.Workload w : f.workloads()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("mix", w.shop().mix().label());
            one.put("browsers", w.shop().browsers());
            one.put("directory", TuningDir.of(Path.of("")).workload(w.name()).root().toString());
            one.put("best", sessions.get(w.name()).best());
            ws.put(w.name(), one);
        }
        m.put("workloads", ws);
        m.put("matrix", matrix);
        m.put("wallSeconds", Math.round(wallSeconds * 10) / 10.0);
        m.put("environment", RunEnvironment.capture());
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
