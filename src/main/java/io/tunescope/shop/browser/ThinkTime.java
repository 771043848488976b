package io.tunescope.shop.browser;

import io.tunescope.BadInputException;

import java.util.SplittableRandom;

/**
 * TPC-W's think time: negative-exponential with mean 7 s, truncated at 70 s (ten times the mean), multiplied by a
 * scale so that short runs with few browsers still load the store ({@code --think-scale 0.05}: mean 0.35 s).
 */
public record ThinkTime(double scale) {
    public static final double MEAN_SECONDS = 7;
    public static final double MAX_SECONDS = 70;
    /** TPC-W's user session minimum duration: negative-exponential, mean 15 minutes, at most 60 (open mode). */
    public static final double SESSION_MEAN_SECONDS = 15 * 60;
    public static final double SESSION_MAX_SECONDS = 60 * 60;

    public ThinkTime {
        if (!(scale > 0 && scale <= 10)) {
            throw BadInputException.of("think-scale", scale, "must be above 0 and at most 10");
        }
    }

    /** One think time in nanoseconds. */
    public long sampleNanos(SplittableRandom random) {
        double seconds = Math.min(-MEAN_SECONDS * Math.log(1 - random.nextDouble()), MAX_SECONDS);
        return (long) (seconds * scale * 1e9);
    }

    /** One session's length in nanoseconds, scaled as the think times are. */
    public long sessionNanos(SplittableRandom random) {
        double seconds = Math.min(-SESSION_MEAN_SECONDS * Math.log(1 - random.nextDouble()), SESSION_MAX_SECONDS);
        return (long) (seconds * scale * 1e9);
    }
}
