package io.tunescope.workload.tpcc;

import java.util.SplittableRandom;

/**
 * The random values of the TPC-C specification (clause 4.3.2): uniform integers, NURand with the run's C constants,
 * a-strings and n-strings, zip codes, last names from the syllable table and the "ORIGINAL" data of 10 % of the items
 * and stock rows. Deterministic for a seed; one instance per thread.
 */
public final class TpccRandom {
    static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};
    private static final String ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    private final SplittableRandom random;
    private final CConstants c;

    public TpccRandom(long seed, CConstants c) {
        this.random = new SplittableRandom(seed);
        this.c = c;
    }

    public CConstants c() {
        return c;
    }

    /** A uniform integer in [{@code low}, {@code high}], both included. */
    public int uniform(int low, int high) {
        return random.nextInt(low, high + 1);
    }

    /** A uniform double in [0, 1). */
    public double fraction() {
        return random.nextDouble();
    }

    /** NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x, C being the run's for that A. */
    public int nurand(int a, int x, int y) {
        return nurand(a, x, y, c.forA(a));
    }

    static int nurand(SplittableRandom random, int a, int x, int y, int cValue) {
        return (((random.nextInt(0, a + 1) | random.nextInt(x, y + 1)) + cValue) % (y - x + 1)) + x;
    }

    private int nurand(int a, int x, int y, int cValue) {
        return nurand(random, a, x, y, cValue);
    }

    /** A customer's last name to look up at run time: the syllables of NURand(255, 0, 999). */
    public String randomLastName() {
        return lastName(nurand(CConstants.A_LAST, 0, 999));
    }

    /** The customer id a transaction picks: NURand(1023, 1, 3000). */
    public int customerId() {
        return nurand(CConstants.A_CUSTOMER, 1, TpccScale.CUSTOMERS_PER_DISTRICT);
    }

    /** The item id a New-Order picks: NURand(8191, 1, 100000). */
    public int itemId() {
        return nurand(CConstants.A_ITEM, 1, TpccScale.ITEMS);
    }

    /** The last name of number {@code n} (0..999): the syllables of its three digits, hundreds first. */
    public static String lastName(int n) {
        if (n < 0 || n > 999) {
            throw new IllegalArgumentException("last-name number " + n + " is outside 0..999");
        }
        return SYLLABLES[n / 100] + SYLLABLES[n / 10 % 10] + SYLLABLES[n % 10];
    }

    /** A random a-string: alphanumeric, its length uniform in [{@code minLength}, {@code maxLength}]. */
    public String aString(int minLength, int maxLength) {
        return chars(uniform(minLength, maxLength), ALPHANUMERIC);
    }

    /** A random n-string: digits, its length uniform in [{@code minLength}, {@code maxLength}]. */
    public String nString(int minLength, int maxLength) {
        return chars(uniform(minLength, maxLength), "0123456789");
    }

    /** A zip code: a random n-string of 4 digits followed by "11111". */
    public String zip() {
        return chars(4, "0123456789") + "11111";
    }

    /** I_DATA or S_DATA: an a-string of 26..50 characters, 10 % of them with "ORIGINAL" at a random place. */
    public String data() {
        String text = aString(26, 50);
        if (uniform(1, 10) > 1) {
            return text;
        }
        int at = uniform(0, text.length() - 8);
        return text.substring(0, at) + "ORIGINAL" + text.substring(at + 8);
    }

    /** A random permutation of 1..{@code n} (the customer of each order at load). */
    public int[] permutation(int n) {
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = i + 1;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = values[i];
            values[i] = values[j];
            values[j] = t;
        }
        return values;
    }

    private String chars(int length, String alphabet) {
        char[] out = new char[length];
        for (int i = 0; i < length; i++) {
            out[i] = alphabet.charAt(random.nextInt(alphabet.length()));
        }
        return new String(out);
    }
}
