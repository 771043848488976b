package io.tunescope.tune.strategy;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.CholeskyDecomposition;
import org.hipparchus.exception.MathIllegalArgumentException;

/**
 * A separable quadratic mean for the Gaussian process ({@code b0 + sum b_j (x_j - 0.5) + c_j (x_j - 0.5)^2} over the
 * ordered coordinates), fitted by ridge least squares, so the model captures a bowl's overall shape from few points
 * and the process only has to explain what the bowl does not (universal kriging with a quadratic basis).
 */
final class QuadraticTrend {
    private static final double RIDGE = 1e-3;
    private final double[] beta;
    private final boolean[] categorical;

    private QuadraticTrend(double[] beta, boolean[] categorical) {
        this.beta = beta;
        this.categorical = categorical;
    }

    static int basisSize(boolean[] categorical) {
        int n = 1;
        for (boolean c : categorical) {
            n += c ? 0 : 2;
        }
        return n;
    }

    static QuadraticTrend none(boolean[] categorical) {
        return new QuadraticTrend(new double[basisSize(categorical)], categorical);
    }

    static QuadraticTrend fit(double[][] x, double[] y, boolean[] categorical) {
        int k = basisSize(categorical);
        double[][] ata = new double[k][k];
        double[] aty = new double[k];
        for (int i = 0; i < x.length; i++) {
            double[] f = features(x[i], categorical, k);
            for (int a = 0; a < k; a++) {
                aty[a] += f[a] * y[i];
                for (int b = 0; b < k; b++) {
                    ata[a][b] += f[a] * f[b];
                }
            }
        }
        for (int a = 1; a < k; a++) {
            ata[a][a] += RIDGE * x.length;
        }
        ata[0][0] += 1e-9;
        try {
            double[] beta = new CholeskyDecomposition(new Array2DRowRealMatrix(ata, false), 1e-12, 1e-14)
                    .getSolver().solve(new ArrayRealVector(aty, false)).toArray();
            return new QuadraticTrend(beta, categorical);
        } catch (MathIllegalArgumentException e) {
            return none(categorical);
        }
    }

    private static double[] features(double[] p, boolean[] categorical, int k) {
        double[] f = new double[k];
        f[0] = 1;
        int i = 1;
        for (int j = 0; j < p.length; j++) {
            if (!categorical[j]) {
                double d = p[j] - 0.5;
                f[i++] = d;
                f[i++] = d * d;
            }
        }
        return f;
    }

    double at(double[] p) {
        double[] f = features(p, categorical, beta.length);
        double s = 0;
        for (int a = 0; a < f.length; a++) {
            s += f[a] * beta[a];
        }
        return s;
    }
}
