package io.tunescope.analysis.usl;

import io.tunescope.BadInputException;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.linear.RealVector;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresBuilder;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresOptimizer;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresProblem;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LevenbergMarquardtOptimizer;
import org.hipparchus.util.Pair;

import java.util.List;

/**
 * Least-squares fit of the USL with Hipparchus' Levenberg–Marquardt. Throughput is scaled to about 1 before the
 * fit (λ near 1e6 beside σ near 0.01 would make the problem badly conditioned), σ is kept in [0, 1], κ and λ at
 * least 0, and the start is the best of a small (σ, κ) grid with λ solved in closed form (λ enters linearly).
 */
public final class UslFitter {
    public static final int MIN_POINTS = 3;
    private static final double[] SIGMA_GRID = {0, 0.01, 0.05, 0.1, 0.3, 0.6, 0.9};
    private static final double[] KAPPA_GRID = {0, 1e-5, 1e-4, 1e-3, 1e-2, 0.1, 0.5};

    private UslFitter() {
    }

    public static UslModel fit(List<UslPoint> points) {
        if (points.size() < MIN_POINTS) {
            throw BadInputException.of("points", points.size(), "must be at least " + MIN_POINTS + " for a USL fit");
        }
        double[] n = points.stream().mapToDouble(UslPoint::concurrency).toArray();
        double scale = points.stream().mapToDouble(p -> p.throughput() / p.concurrency()).max().orElse(1);
        if (!(scale > 0)) {
            throw BadInputException.of("throughput", 0, "must be above 0 at some point to fit");
        }
        double[] y = points.stream().mapToDouble(p -> p.throughput() / scale).toArray();
        double[] start = gridStart(n, y);
        LeastSquaresProblem problem = new LeastSquaresBuilder()
                .model(p -> valueAndJacobian(n, p))
                .target(y)
                .start(start)
                .parameterValidator(UslFitter::clamp)
                .maxEvaluations(10_000)
                .maxIterations(10_000)
                .build();
        LeastSquaresOptimizer.Optimum optimum = new LevenbergMarquardtOptimizer().optimize(problem);
        RealVector p = clamp(optimum.getPoint());
        return new UslModel(p.getEntry(0), p.getEntry(1), p.getEntry(2) * scale);
    }

    /** Coefficient of determination of {@code model} on {@code points}. */
    public static double rSquared(UslModel model, List<UslPoint> points) {
        double mean = points.stream().mapToDouble(UslPoint::throughput).average().orElse(0);
        double ssRes = 0;
        double ssTot = 0;
        for (UslPoint p : points) {
            double r = p.throughput() - model.throughputAt(p.concurrency());
            ssRes += r * r;
            ssTot += (p.throughput() - mean) * (p.throughput() - mean);
        }
        return ssTot == 0 ? (ssRes == 0 ? 1 : 0) : 1 - ssRes / ssTot;
    }

    private static Pair<RealVector, RealMatrix> valueAndJacobian(double[] n, RealVector p) {
        double sigma = p.getEntry(0);
        double kappa = p.getEntry(1);
        double lambda = p.getEntry(2);
        double[] value = new double[n.length];
        double[][] jacobian = new double[n.length][3];
        for (int i = 0; i < n.length; i++) {
            double d = 1 + sigma * (n[i] - 1) + kappa * n[i] * (n[i] - 1);
            value[i] = lambda * n[i] / d;
            double dd = lambda * n[i] / (d * d);
            jacobian[i][0] = -dd * (n[i] - 1);
            jacobian[i][1] = -dd * n[i] * (n[i] - 1);
            jacobian[i][2] = n[i] / d;
        }
        return new Pair<>(new ArrayRealVector(value, false), new Array2DRowRealMatrix(jacobian, false));
    }

    private static RealVector clamp(RealVector p) {
        RealVector q = p.copy();
        q.setEntry(0, Math.min(1, Math.max(0, p.getEntry(0))));
        q.setEntry(1, Math.max(0, p.getEntry(1)));
        q.setEntry(2, Math.max(1e-12, p.getEntry(2)));
        return q;
    }

    private static double[] gridStart(double[] n, double[] y) {
        double[] best = {0, 0, 1};
        double bestSse = Double.POSITIVE_INFINITY;
        for (double sigma : SIGMA_GRID) {
            for (double kappa : KAPPA_GRID) {
                double fy = 0;
                double ff = 0;
                double[] f = new double[n.length];
                for (int i = 0; i < n.length; i++) {
                    f[i] = n[i] / (1 + sigma * (n[i] - 1) + kappa * n[i] * (n[i] - 1));
                    fy += f[i] * y[i];
                    ff += f[i] * f[i];
                }
                double lambda = fy / ff;
                double sse = 0;
                for (int i = 0; i < n.length; i++) {
                    sse += (y[i] - lambda * f[i]) * (y[i] - lambda * f[i]);
                }
                if (sse < bestSse) {
                    bestSse = sse;
                    best = new double[] {sigma, kappa, lambda};
                }
            }
        }
        return best;
    }
}
