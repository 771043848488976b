package io.tunescope.experiment.scale;

import io.tunescope.engine.inprocess.ConnectionSpec;
import io.tunescope.monitor.jfr.ContentionRecording;
import io.tunescope.workload.micro.ClosedLoop;
import io.tunescope.workload.micro.PointRequest;
import io.tunescope.workload.micro.PointRun;
import io.tunescope.workload.micro.Timing;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/** Points to measure in one JVM, in order; JSON-serializable so a fork receives exactly what this JVM would run. */
public record MeasureTask(ConnectionSpec spec, String statement, Timing timing, List<PointRequest> points) {
    public MeasureTask {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(statement, "statement");
        Objects.requireNonNull(timing, "timing");
        points = List.copyOf(points);
    }

    /** Runs every point here; {@code done} sees each result as it completes, so callers can keep partial work. */
    public List<PointRun> runHere(LongConsumer progressMillis, Consumer<PointRun> done)
            throws SQLException, InterruptedException {
        if (points.stream().anyMatch(PointRequest::recordsContention)) {
            ContentionRecording.prime();
        }
        ClosedLoop loop = new ClosedLoop(spec, statement, timing);
        List<PointRun> runs = new ArrayList<>();
        for (PointRequest point : points) {
            PointRun run = loop.run(point, progressMillis);
            runs.add(run);
            done.accept(run);
        }
        return runs;
    }
}
