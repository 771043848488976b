package io.tunescope.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Clustering measures Hipparchus 3.1 lacks: column standardization, the silhouette score, average-linkage
 * hierarchical clustering and the adjusted Rand index (Hubert and Arabie, 1985). Labels are cluster numbers 0..k-1.
 */
public final class ClusterMath {
    private ClusterMath() {
    }

    /** Each column to mean 0 and standard deviation 1; constant columns are dropped (they carry no information). */
    public static double[][] standardize(double[][] x) {
        int n = x.length;
        int p = n == 0 ? 0 : x[0].length;
        List<double[]> kept = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            double mean = 0;
            for (double[] row : x) {
                mean += row[j] / n;
            }
            double var = 0;
            for (double[] row : x) {
                var += (row[j] - mean) * (row[j] - mean) / n;
            }
            if (var > 1e-18) {
                double sd = Math.sqrt(var);
                double[] col = new double[n];
                for (int i = 0; i < n; i++) {
                    col[i] = (x[i][j] - mean) / sd;
                }
                kept.add(col);
            }
        }
        double[][] z = new double[n][kept.size()];
        for (int j = 0; j < kept.size(); j++) {
            for (int i = 0; i < n; i++) {
                z[i][j] = kept.get(j)[i];
            }
        }
        return z;
    }

    public static double distance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(s);
    }

    /** Mean silhouette over all points (a point alone in its cluster scores 0); in [-1, 1], higher is better. */
    public static double silhouette(double[][] x, int[] labels) {
        int k = Arrays.stream(labels).max().orElse(-1) + 1;
        double total = 0;
        for (int i = 0; i < x.length; i++) {
            double[] sum = new double[k];
            int[] count = new int[k];
            for (int j = 0; j < x.length; j++) {
                if (j != i) {
                    sum[labels[j]] += distance(x[i], x[j]);
                    count[labels[j]]++;
                }
            }
            if (count[labels[i]] == 0) {
                continue;
            }
            double a = sum[labels[i]] / count[labels[i]];
            double b = Double.POSITIVE_INFINITY;
            for (int c = 0; c < k; c++) {
                if (c != labels[i] && count[c] > 0) {
                    b = Math.min(b, sum[c] / count[c]);
                }
            }
            total += b == Double.POSITIVE_INFINITY ? 0 : (b - a) / Math.max(a, b);
        }
        return x.length == 0 ? 0 : total / x.length;
    }

    /** Agglomerative clustering with average linkage (UPGMA), merged until {@code k} clusters remain. */
    public static int[] averageLinkage(double[][] x, int k) {
        int n = x.length;
        List<List<Integer>> clusters = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            clusters.add(new ArrayList<>(List.of(i)));
        }
        while (clusters.size() > k) {
            int bestA = 0;
            int bestB = 1;
            double best = Double.POSITIVE_INFINITY;
            for (int a = 0; a < clusters.size(); a++) {
                for (int b = a + 1; b < clusters.size(); b++) {
                    double d = averageDistance(x, clusters.get(a), clusters.get(b));
                    if (d < best) {
                        best = d;
                        bestA = a;
                        bestB = b;
                    }
                }
            }
            clusters.get(bestA).addAll(clusters.remove(bestB));
        }
        int[] labels = new int[n];
        for (int c = 0; c < clusters.size(); c++) {
            for (int i : clusters.get(c)) {
                labels[i] = c;
            }
        }
        return labels;
    }

    private static double averageDistance(double[][] x, List<Integer> a, List<Integer> b) {
        double s = 0;
        for (int i : a) {
            for (int j : b) {
                s += distance(x[i], x[j]);
            }
        }
        return s / (a.size() * (double) b.size());
    }

    /** Adjusted Rand index of two labelings of the same points: 1 identical (up to renaming), about 0 random. */
    public static double adjustedRandIndex(int[] u, int[] v) {
        if (u.length != v.length) {
            throw new IllegalArgumentException("labelings of different lengths: " + u.length + ", " + v.length);
        }
        Map<Long, Integer> pairs = new HashMap<>();
        Map<Integer, Integer> rows = new HashMap<>();
        Map<Integer, Integer> cols = new HashMap<>();
        for (int i = 0; i < u.length; i++) {
            pairs.merge(((long) u[i] << 32) | (v[i] & 0xffffffffL), 1, Integer::sum);
            rows.merge(u[i], 1, Integer::sum);
            cols.merge(v[i], 1, Integer::sum);
        }
        double index = pairs.values().stream().mapToDouble(ClusterMath::choose2).sum();
        double a = rows.values().stream().mapToDouble(ClusterMath::choose2).sum();
        double b = cols.values().stream().mapToDouble(ClusterMath::choose2).sum();
        double total = choose2(u.length);
        double expected = total == 0 ? 0 : a * b / total;
        double max = (a + b) / 2;
        return max == expected ? 1.0 : (index - expected) / (max - expected);
    }

    private static double choose2(int n) {
        return n * (n - 1) / 2.0;
    }
}
