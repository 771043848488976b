package io.tunescope.shop.browser;

import io.tunescope.shop.Interaction;
import io.tunescope.shop.Mix;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import static io.tunescope.shop.Interaction.ADMIN_CONFIRM;
import static io.tunescope.shop.Interaction.ADMIN_REQUEST;
import static io.tunescope.shop.Interaction.BEST_SELLERS;
import static io.tunescope.shop.Interaction.BUY_CONFIRM;
import static io.tunescope.shop.Interaction.BUY_REQUEST;
import static io.tunescope.shop.Interaction.CUSTOMER_REGISTRATION;
import static io.tunescope.shop.Interaction.HOME;
import static io.tunescope.shop.Interaction.NEW_PRODUCTS;
import static io.tunescope.shop.Interaction.ORDER_DISPLAY;
import static io.tunescope.shop.Interaction.ORDER_INQUIRY;
import static io.tunescope.shop.Interaction.PRODUCT_DETAIL;
import static io.tunescope.shop.Interaction.SEARCH_REQUEST;
import static io.tunescope.shop.Interaction.SEARCH_RESULTS;
import static io.tunescope.shop.Interaction.SHOPPING_CART;

/**
 * Where an emulated browser goes next: a Markov chain over the 14 interactions whose long-run shares are a mix's.
 * The chain follows the store's links (every page links to Home, Search Request, Shopping Cart and Order Inquiry;
 * Buy Confirm only follows Buy Request, which only follows Customer Registration, and so on). The probabilities on
 * those links are fitted to the mix by matrix scaling (Sinkhorn-Knopp): a flow {@code F = diag(a) K diag(b)} on the
 * link matrix {@code K} whose row and column sums are both the mix's shares {@code π}; then {@code P = F / π} by row
 * has {@code π P = π}, so the mix is its stationary distribution. (The TPC-W specification publishes its own
 * matrices; these are fitted rather than copied.)
 */
public final class TransitionMatrix {
    private static final Set<Interaction> NAVIGATION = EnumSet.of(HOME, SEARCH_REQUEST, SHOPPING_CART, ORDER_INQUIRY);
    private static final Map<Interaction, Set<Interaction>> LINKS = links();
    private static final int MAX_ITERATIONS = 200_000;
    private static final double TOLERANCE = 1e-13;

    private final double[][] p;
    private final double[][] cumulative;
    private final double[] shares;

    private TransitionMatrix(double[][] p, double[] shares) {
        this.p = p;
        this.shares = shares;
        this.cumulative = new double[p.length][];
        for (int i = 0; i < p.length; i++) {
            cumulative[i] = new double[p.length];
            double sum = 0;
            for (int j = 0; j < p.length; j++) {
                sum += p[i][j];
                cumulative[i][j] = sum;
            }
        }
    }

    private static Map<Interaction, Set<Interaction>> links() {
        Map<Interaction, Set<Interaction>> m = new EnumMap<>(Interaction.class);
        for (Interaction i : Interaction.values()) {
            m.put(i, EnumSet.copyOf(NAVIGATION));
        }
        m.get(HOME).addAll(EnumSet.of(HOME, NEW_PRODUCTS, BEST_SELLERS, PRODUCT_DETAIL));
        m.get(NEW_PRODUCTS).add(PRODUCT_DETAIL);
        m.get(BEST_SELLERS).add(PRODUCT_DETAIL);
        m.get(PRODUCT_DETAIL).addAll(EnumSet.of(PRODUCT_DETAIL, ADMIN_REQUEST));
        m.get(SEARCH_REQUEST).add(SEARCH_RESULTS);
        m.get(SEARCH_RESULTS).addAll(EnumSet.of(SEARCH_RESULTS, PRODUCT_DETAIL));
        m.get(SHOPPING_CART).addAll(EnumSet.of(CUSTOMER_REGISTRATION, PRODUCT_DETAIL));
        m.get(CUSTOMER_REGISTRATION).add(BUY_REQUEST);
        m.get(BUY_REQUEST).add(BUY_CONFIRM);
        m.get(ORDER_INQUIRY).add(ORDER_DISPLAY);
        m.get(ADMIN_REQUEST).add(ADMIN_CONFIRM);
        return m;
    }

    /** Whether the store's pages link {@code from} to {@code to}. */
    public static boolean linked(Interaction from, Interaction to) {
        return LINKS.get(from).contains(to);
    }

    public static TransitionMatrix of(Mix mix) {
        double[] pi = mix.shares();
        int n = pi.length;
        double[][] k = new double[n][n];
        for (Interaction from : Interaction.values()) {
            for (Interaction to : LINKS.get(from)) {
                k[from.ordinal()][to.ordinal()] = 1;
            }
        }
        double[] a = new double[n];
        double[] b = new double[n];
        java.util.Arrays.fill(b, 1);
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            scale(k, b, pi, a, false);
            if (scale(k, a, pi, b, true) < TOLERANCE) {
                break;
            }
        }
        scale(k, b, pi, a, false);
        double[][] p = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                p[i][j] = a[i] * k[i][j] * b[j] / pi[i];
            }
        }
        return new TransitionMatrix(p, pi);
    }

    /**
     * One half-step of the scaling: sets {@code out} so that the sums along rows (or columns, when
     * {@code columns}) of {@code diag(a) K diag(b)} match {@code pi}; returns the largest error before the step.
     */
    private static double scale(double[][] k, double[] other, double[] pi, double[] out, boolean columns) {
        double error = 0;
        for (int i = 0; i < pi.length; i++) {
            double sum = 0;
            for (int j = 0; j < pi.length; j++) {
                sum += (columns ? k[j][i] : k[i][j]) * other[j];
            }
            error = Math.max(error, Math.abs(sum * out[i] - pi[i]));
            out[i] = pi[i] / sum;
        }
        return error;
    }

    /** The probability of going from {@code from} to {@code to}. */
    public double probability(Interaction from, Interaction to) {
        return p[from.ordinal()][to.ordinal()];
    }

    /**
     * A session's first page, drawn from the mix itself: the chain then starts in its long-run distribution, so even
     * a short run is not biased toward the page every session would otherwise start on.
     */
    public Interaction first(SplittableRandom random) {
        double u = random.nextDouble();
        double sum = 0;
        for (int j = 0; j < shares.length; j++) {
            sum += shares[j];
            if (u < sum) {
                return Interaction.values()[j];
            }
        }
        return Interaction.HOME;
    }

    /** The next interaction after {@code from}. */
    public Interaction next(Interaction from, SplittableRandom random) {
        double u = random.nextDouble();
        double[] row = cumulative[from.ordinal()];
        for (int j = 0; j < row.length; j++) {
            if (u < row[j] && p[from.ordinal()][j] > 0) {
                return Interaction.values()[j];
            }
        }
        for (int j = row.length - 1; j >= 0; j--) {
            if (p[from.ordinal()][j] > 0) {
                return Interaction.values()[j];
            }
        }
        throw new IllegalStateException("no way out of " + from);
    }

    /** The long-run distribution of the chain, by power iteration from the uniform distribution. */
    public double[] stationary() {
        int n = p.length;
        double[] x = new double[n];
        java.util.Arrays.fill(x, 1.0 / n);
        for (int step = 0; step < 100_000; step++) {
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    y[j] += x[i] * p[i][j];
                }
            }
            // averaging with the last step damps any periodic part of the chain
            double change = 0;
            for (int j = 0; j < n; j++) {
                y[j] = (y[j] + x[j]) / 2;
                change += Math.abs(y[j] - x[j]);
            }
            x = y;
            if (change < 1e-15) {
                break;
            }
        }
        return x;
    }
}
