package io.tunescope.report;

import io.tunescope.analysis.tune.TuningAnalysis;
import io.tunescope.store.CrossApplyMatrix;
import io.tunescope.store.TuningDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The PNGs {@code tune} leaves beside its results, drawn from the files the tuner wrote (so a resumed session's are
 * drawn from all of its trials): each session's convergence ({@code convergence.png}, in each workload's directory
 * for a tuning file with {@code workloads:}, and in each line tuner's of {@code partitioning: processes}), the
 * cross-apply matrix ({@code matrix.png}) and the tuning modes' WIPS per trial ({@code cluster.png}). The charts
 * are the report's own ({@link TuningCharts}, {@link ClusterChart}).
 */
public final class TuningPngs {
    private TuningPngs() {
    }

    /** Draws every chart {@code dir} has the data of; a directory without any is left as it is. */
    public static void write(Path dir) throws IOException {
        System.setProperty("java.awt.headless", "true");
        TuningDir files = TuningDir.of(dir);
        if (Files.isRegularFile(files.trialLines())) {
            TuningAnalysis.Session s = TuningAnalysis.load(dir).sessions().get(0);
            if (s.convergence().stream().anyMatch(TuningAnalysis.Point::ok)) {
                Files.write(files.convergencePng(), TuningCharts.convergence(s, "convergence").png());
            }
        }
        for (Path w : directories(files.workload("any").root().getParent())) {
            write(w);
        }
        if (Files.isRegularFile(files.cluster())) {
            // each line tuner process of partitioning: processes, under its mode's directory
            for (Path mode : directories(dir)) {
                for (Path line : directories(TuningDir.of(mode).lineTuner("any").root().getParent())) {
                    lineChart(line);
                }
            }
        }
        if (Files.isRegularFile(files.matrix())) {
            Files.write(files.matrixPng(), TuningCharts.matrix(CrossApplyMatrix.read(files.matrix())).png());
        }
        ClusterChart.write(dir);
    }

    /** A line tuner's convergence; a tuner killed halfway may have left files no chart can be drawn from. */
    private static void lineChart(Path line) {
        try {
            write(line);
        } catch (IOException | RuntimeException e) {
            io.tunescope.Notices.say("tune: no convergence chart for " + line + ": " + e.getMessage());
        }
    }

    /** The directories in {@code parent}, sorted; none when it is not a directory. */
    private static List<Path> directories(Path parent) throws IOException {
        if (!Files.isDirectory(parent)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(parent)) {
            return list.filter(Files::isDirectory).sorted().toList();
        }
    }
}
