package io.tunescope.workload.tpcc;

import java.util.SplittableRandom;

/**
 * The constants C of NURand (clause 2.1.6), one per A: for customer last names (A = 255), customer ids (A = 1023) and
 * item ids (A = 8191). The load draws its own; a run draws its C for last names so that its distance from the load's
 * is in [65, 119] and neither 96 nor 112 (clause 2.1.6.1), which keeps the names looked up at run time from being the
 * ones that happen to be most frequent in the data.
 */
public record CConstants(int lastName, int customerId, int itemId) {
    static final int A_LAST = 255;
    static final int A_CUSTOMER = 1023;
    static final int A_ITEM = 8191;

    public CConstants {
        check("C for last names", lastName, A_LAST);
        check("C for customer ids", customerId, A_CUSTOMER);
        check("C for item ids", itemId, A_ITEM);
    }

    /** The load's constants, drawn at random. */
    public static CConstants forLoad(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return new CConstants(random.nextInt(A_LAST + 1), random.nextInt(A_CUSTOMER + 1), random.nextInt(A_ITEM + 1));
    }

    /** A run's constants for data loaded with {@code load}: C for last names by the delta rule, the others at random. */
    public static CConstants forRun(CConstants load, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int lastName;
        do {
            lastName = random.nextInt(A_LAST + 1);
        } while (!validDelta(Math.abs(lastName - load.lastName)));
        return new CConstants(lastName, random.nextInt(A_CUSTOMER + 1), random.nextInt(A_ITEM + 1));
    }

    /** Whether a run's C for last names may be this far from the load's: 65..119, but not 96 or 112. */
    public static boolean validDelta(int delta) {
        return delta >= 65 && delta <= 119 && delta != 96 && delta != 112;
    }

    int forA(int a) {
        return switch (a) {
            case A_LAST -> lastName;
            case A_CUSTOMER -> customerId;
            case A_ITEM -> itemId;
            default -> throw new IllegalArgumentException("NURand has no constant for A = " + a);
        };
    }

    private static void check(String what, int value, int a) {
        if (value < 0 || value > a) {
            throw new IllegalArgumentException(what + " (" + value + ") must be 0 to " + a);
        }
    }
}
