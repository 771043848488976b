package io.tunescope.tune.target;

import io.tunescope.store.Revalidated;
import io.tunescope.tune.session.Direction;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RevalidationTest {
    @Test
    void theGainIsTheMeanOfPairedGainsWithAStudentTInterval() {
        // times (lower is better): gains per round 20%, 25%, 30% -> mean 25, sd 5, t(0.975, 2) = 4.3027
        Revalidated r = Revalidation.summarize(List.of(10.0, 8.0, 10.0), List.of(8.0, 6.0, 7.0),
                Direction.MINIMIZE, 0);
        assertThat(r.improvementPercent()).isEqualTo(25.0);
        double half = 4.302652729911275 * 5 / Math.sqrt(3);
        assertThat(r.improvementCi95()).containsExactly(Math.round((25 - half) * 10) / 10.0,
                Math.round((25 + half) * 10) / 10.0);
        assertThat(r.defaultSide().objective()).isCloseTo(28.0 / 3, within(1e-9));
        assertThat(r.best().objective()).isCloseTo(7.0, within(1e-9));
        assertThat(r.best().ci95().get(0)).isCloseTo(7 - 4.302652729911275 * 1 / Math.sqrt(3), within(1e-9));
        assertThat(r.runs()).isEqualTo(3);
    }

    @Test
    void throughputGainsAreUpwardAndFailedRunsAreLeftOutNotCounted() {
        Revalidated r = Revalidation.summarize(Arrays.asList(100.0, null, 100.0), Arrays.asList(110.0, 120.0, 90.0),
                Direction.MAXIMIZE, 1);
        assertThat(r.improvementPercent()).isEqualTo(0.0);
        assertThat(r.defaultSide().values()).containsExactly(100.0, 100.0);
        assertThat(r.best().values()).containsExactly(110.0, 120.0, 90.0);
        assertThat(r.failedRuns()).isEqualTo(1);
        assertThat(r.improvementCi95().get(0)).isLessThan(0).as("a gain of +10 then -10 is no proven gain");
    }

    /** Records the order of measurements; the default takes 10, anything else 5, and the first run of a pair +100. */
    static final class Recorder implements TuningTarget {
        final List<String> order = new java.util.ArrayList<>();

        @Override
        public Measurement measure(io.tunescope.tune.space.Configuration c, boolean isDefault, java.nio.file.Path log) {
            order.add(log.getFileName().toString());
            return Measurement.ok(List.of((isDefault ? 10.0 : 5.0) + (order.size() % 2 == 1 ? 100 : 0)), 1);
        }

        @Override
        public io.tunescope.store.TargetDescription describe() {
            return null;
        }
    }

    @Test
    void whoRunsFirstAlternatesSoThatACostOfRunningFirstHitsBothAlike() throws Exception {
        Recorder target = new Recorder();
        var c = new io.tunescope.tune.space.Configuration(java.util.Map.of("a", 1));
        Revalidated r = Revalidation.run(target, c, c, 4, Direction.MINIMIZE, java.nio.file.Path.of("logs"));
        assertThat(target.order).containsExactly("default-1.log", "best-1.log", "best-2.log", "default-2.log",
                "default-3.log", "best-3.log", "best-4.log", "default-4.log");
        assertThat(r.defaultSide().objective()).isEqualTo(60.0);
        assertThat(r.best().objective()).isEqualTo(55.0);
    }
}
