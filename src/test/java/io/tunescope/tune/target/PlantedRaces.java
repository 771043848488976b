package io.tunescope.tune.target;

import io.tunescope.Progress;
import io.tunescope.store.TargetDescription;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.Replication;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.session.TrialRecord;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.SearchSpace;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Planted races for the unstable test: a neighbour that is quiet during the noise phase and busy in the later races.
 * The default x=0 and the noise phase's second x=1 spread about 1 % there; in the races every measurement spreads
 * about 8 %, the incumbent's as much as the candidates'. x=2 is no noisier than the incumbent beside it (and is
 * unstable when judged against the calm noise phase); x=3 spreads about five times the incumbent's in its race. A
 * session of four trials (x=0..3 in order) under a fixed five slices, maximizing.
 */
public final class PlantedRaces {
    static final SearchSpace SPACE = new SearchSpace(List.of(new IntParam("x", 0, 3, 1, false, List.of(), 0L)),
            List.of());
    public static final TrialProtocol FIXED = new TrialProtocol(TrialProtocol.Mode.RACING, 4, Replication.of(5), 5,
            Replication.of(20), 3, 0.95, 10, null);
    private static final Pattern SLICE = Pattern.compile("-race-(\\d+)-slice-(\\d+)");

    /** Log deviations by slice: calm in the noise phase (race 2), busy after. */
    private static final double[] CALM_DEFAULT = {0, 0.5, -1, 1.2, -0.3, 0.8};
    private static final double[] CALM_SECOND = {0, -0.2, 0.9, -1.0, 0.6, -0.4};
    private static final double[] BUSY_DEFAULT = {0, 1, -1, 0.5, -0.5, 0};
    private static final double[] BUSY_EQUAL = {0.5, -0.8, 1.1, -0.4, 0.6, -0.2};

    /**
     * The objective of {@code x} in slice {@code slice} of race {@code race}, read from the log name the loop gives
     * each measurement, so that a resumed session's new measurements are those the uninterrupted one took.
     */
    static double planted(long x, int race, int slice) {
        if (race <= 2) {
            return 100 * Math.exp(0.01 * (x == 0 ? CALM_DEFAULT : CALM_SECOND)[slice]);
        }
        double z = switch ((int) x) {
            case 2 -> 0.1 * BUSY_EQUAL[slice];
            case 3 -> slice == 0 ? 0.3 : -0.5 * BUSY_DEFAULT[slice];
            default -> 0.1 * BUSY_DEFAULT[slice];
        };
        return 100 * Math.exp(z);
    }

    /** The planted target; it stops dead at its {@code dieAt}-th measurement. */
    public static final class SliceTarget implements TuningTarget {
        public int calls;
        public int dieAt = Integer.MAX_VALUE;

        @Override
        public Measurement measure(Configuration config, boolean isDefault, Path log) {
            if (++calls >= dieAt) {
                throw new IllegalStateException("killed in the middle of a race");
            }
            long x = ((Number) config.values().get("x")).longValue();
            Matcher m = SLICE.matcher(log.getFileName().toString());
            // a trial's first measurement has its own log: the noise phase's first slice, or a screening measurement
            boolean later = m.find();
            int race = later ? Integer.parseInt(m.group(1)) : x <= 1 ? 2 : 3;
            int slice = later ? Integer.parseInt(m.group(2)) : x <= 1 ? 1 : 0;
            return Measurement.ok(List.of(planted(x, race, slice)), 10);
        }

        @Override
        public TargetDescription describe() {
            return null;
        }
    }

    public static TuningSession session(Path dir, boolean resume) {
        var b = TuningSession.builder(SPACE).strategy("random").seed(3).direction(Direction.MAXIMIZE)
                .outputDirectory(dir).budgetTrials(4);
        TuningSession s = resume ? b.resume() : b.build();
        s.suggest(List.of(x(1), x(2), x(3)));
        return s;
    }

    public static Configuration x(long v) {
        return SPACE.configuration(Map.of("x", v));
    }

    public static TrialRecord trialOf(TuningSession s, long x) {
        return s.history().stream().filter(r -> ((Number) r.config().values().get("x")).longValue() == x)
                .findFirst().orElseThrow();
    }

    public static ProtocolLoop run(TuningSession s, TuningTarget target) throws InterruptedException {
        ProtocolLoop loop = new ProtocolLoop(target, s, FIXED, n -> Path.of("trial-" + n + ".log"),
                Progress.Task.NONE);
        loop.run(4, Progress.Task.NONE, t -> { });
        return loop;
    }

    private PlantedRaces() {
    }
}
