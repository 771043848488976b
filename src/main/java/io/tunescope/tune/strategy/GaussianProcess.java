package io.tunescope.tune.strategy;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.CholeskyDecomposition;
import org.hipparchus.exception.MathIllegalArgumentException;

/**
 * A Gaussian-process regression model with a Matérn 5/2 kernel, one length scale per coordinate (categorical
 * coordinates use a mismatch distance), unit signal variance (targets are standardised) and a noise nugget.
 * Hipparchus does the Cholesky factorisation; prediction uses its triangular factor directly.
 */
public final class GaussianProcess {
    private static final double SQRT5 = Math.sqrt(5.0);

    /** Kernel hyper-parameters: length scales in unit-cube coordinates and the noise variance. */
    public record Hyper(double[] lengthScales, double noiseVariance) {
        public Hyper {
            lengthScales = lengthScales.clone();
            if (!(noiseVariance > 0)) {
                throw new IllegalArgumentException("noiseVariance (" + noiseVariance + ") must be above 0");
            }
        }
    }

    private final double[][] x;
    private final boolean[] categorical;
    private final Hyper hyper;
    private final double[][] lower;
    private final double[] alpha;
    private final double logMarginalLikelihood;

    private GaussianProcess(double[][] x, boolean[] categorical, Hyper hyper, double[][] lower, double[] alpha,
                            double lml) {
        this.x = x;
        this.categorical = categorical;
        this.hyper = hyper;
        this.lower = lower;
        this.alpha = alpha;
        this.logMarginalLikelihood = lml;
    }

    /** Fits the model to points {@code x} with targets {@code y} (standardised by the caller). */
    public static GaussianProcess fit(double[][] x, double[] y, boolean[] categorical, Hyper hyper) {
        int n = x.length;
        double[][] k = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double v = kernel(x[i], x[j], categorical, hyper.lengthScales());
                k[i][j] = v;
                k[j][i] = v;
            }
        }
        double jitter = hyper.noiseVariance();
        for (int attempt = 0; ; attempt++) {
            double[][] kk = new double[n][];
            for (int i = 0; i < n; i++) {
                kk[i] = k[i].clone();
                kk[i][i] += jitter;
            }
            try {
                CholeskyDecomposition chol = new CholeskyDecomposition(new Array2DRowRealMatrix(kk, false), 1e-12, 1e-14);
                double[][] l = chol.getL().getData();
                double[] a = chol.getSolver().solve(new ArrayRealVector(y, false)).toArray();
                double lml = -0.5 * dot(y, a) - 0.5 * n * Math.log(2 * Math.PI);
                for (int i = 0; i < n; i++) {
                    lml -= Math.log(l[i][i]);
                }
                return new GaussianProcess(x, categorical, hyper, l, a, lml);
            } catch (MathIllegalArgumentException e) {
                if (attempt >= 6) {
                    throw e;
                }
                jitter = Math.max(jitter * 10, 1e-8);
            }
        }
    }

    static double kernel(double[] a, double[] b, boolean[] categorical, double[] lengthScales) {
        double r2 = 0;
        for (int j = 0; j < a.length; j++) {
            double d = categorical[j] ? (Math.abs(a[j] - b[j]) > 1e-12 ? 1.0 : 0.0) : a[j] - b[j];
            double s = d / lengthScales[j];
            r2 += s * s;
        }
        double r = Math.sqrt(r2);
        return (1 + SQRT5 * r + 5.0 / 3.0 * r2) * Math.exp(-SQRT5 * r);
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    public double logMarginalLikelihood() {
        return logMarginalLikelihood;
    }

    public Hyper hyper() {
        return hyper;
    }

    /** The posterior mean at {@code p}. */
    public double mean(double[] p) {
        double m = 0;
        for (int i = 0; i < x.length; i++) {
            m += kernel(p, x[i], categorical, hyper.lengthScales()) * alpha[i];
        }
        return m;
    }

    /** The posterior mean and variance (of the latent function) at {@code p}, as {@code {mean, variance}}. */
    public double[] predict(double[] p) {
        int n = x.length;
        double[] k = new double[n];
        double m = 0;
        for (int i = 0; i < n; i++) {
            k[i] = kernel(p, x[i], categorical, hyper.lengthScales());
            m += k[i] * alpha[i];
        }
        double vv = 0;
        for (int i = 0; i < n; i++) {
            double s = k[i];
            double[] row = lower[i];
            for (int j = 0; j < i; j++) {
                s -= row[j] * k[j];
            }
            k[i] = s / row[i];
            vv += k[i] * k[i];
        }
        return new double[] {m, Math.max(1e-12, 1.0 - vv)};
    }
}
