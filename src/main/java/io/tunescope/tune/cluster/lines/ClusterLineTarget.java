package io.tunescope.tune.cluster.lines;

import io.tunescope.store.Json;
import io.tunescope.store.TargetDescription;
import io.tunescope.store.study.PostgresRounds;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TuningTarget;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The target of one work line's tuner process under {@code partitioning: processes} ({@link ProcessPartitioning}):
 * a trial posts the line's configuration for the next round into the rounds table and waits for the controller,
 * which measures the whole cluster once per round, to answer with the line's WIPS (or why there are none). A round
 * the controller does not answer within the timeout fails the trial (the controller is gone or stuck).
 */
public final class ClusterLineTarget implements TuningTarget {
    private static final long POLL_MILLIS = 25;

    private final PostgresRounds rounds;
    private final String comparison;
    private final String line;
    private final Duration roundTimeout;
    private int round;

    public ClusterLineTarget(PostgresRounds rounds, String comparison, String line, Duration roundTimeout) {
        this.rounds = rounds;
        this.comparison = comparison;
        this.line = line;
        this.roundTimeout = roundTimeout;
    }

    @Override
    public Measurement measure(Configuration config, boolean isDefault, java.nio.file.Path log)
            throws InterruptedException {
        long start = System.nanoTime();
        round++;
        rounds.post(line, round, Json.toJson(config.values()));
        long deadline = start + roundTimeout.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<PostgresRounds.Answer> a = rounds.result(line, round);
            long elapsed = (System.nanoTime() - start) / 1_000_000;
            if (a.isPresent()) {
                return a.get().wips() != null ? Measurement.ok(List.of(a.get().wips()), elapsed)
                        : Measurement.failed(a.get().error(), elapsed);
            }
            Thread.sleep(POLL_MILLIS);
        }
        return Measurement.failed("the controller did not measure round " + round + " within "
                + roundTimeout.toSeconds() + " s", (System.nanoTime() - start) / 1_000_000);
    }

    @Override
    public TargetDescription describe() {
        return new TargetDescription.ClusterLine(TargetDescription.CLUSTER_LINE, comparison, line,
                roundTimeout.toSeconds());
    }
}
