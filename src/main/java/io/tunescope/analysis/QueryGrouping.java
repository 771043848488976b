package io.tunescope.analysis;

import org.hipparchus.clustering.CentroidCluster;
import org.hipparchus.clustering.DoublePoint;
import org.hipparchus.clustering.KMeansPlusPlusClusterer;
import org.hipparchus.clustering.MultiKMeansPlusPlusClusterer;
import org.hipparchus.clustering.distance.EuclideanDistance;
import org.hipparchus.random.Well19937c;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Groups queries by their standardized profile: k-means++ (Hipparchus, best of several seeded starts) for every k
 * from 2 up to {@value #MAX_K}, the k with the highest silhouette wins; beside it, average-linkage hierarchical
 * clustering cut at the same k, and how far the two agree (adjusted Rand index).
 */
public final class QueryGrouping {
    public static final int MAX_K = 8;
    private static final int STARTS = 20;

    /** The chosen partition: labels (0..k-1, numbered by first query), silhouette per k tried, and agreement. */
    public record Result(List<String> queries, int k, int[] labels, int[] hierarchicalLabels,
                         Map<Integer, Double> silhouetteByK, double hierarchicalAgreement) {
    }

    private QueryGrouping() {
    }

    /** Clusters the rows of {@code profile} (queries); fewer than 3 queries or no varying column give one group. */
    public static Result cluster(Profiles.Matrix profile, long seed) {
        double[][] z = ClusterMath.standardize(profile.values());
        int n = z.length;
        Map<Integer, Double> silhouettes = new LinkedHashMap<>();
        if (n < 3 || z[0].length == 0) {
            int[] one = new int[n];
            return new Result(profile.queries(), 1, one, one, silhouettes, 1.0);
        }
        int bestK = 2;
        int[] best = null;
        for (int k = 2; k <= Math.min(MAX_K, n - 1); k++) {
            int[] labels = kMeans(z, k, seed);
            double s = ClusterMath.silhouette(z, labels);
            silhouettes.put(k, s);
            if (best == null || s > silhouettes.get(bestK) + 1e-12) {
                bestK = k;
                best = labels;
            }
        }
        int[] hierarchical = renumber(ClusterMath.averageLinkage(z, bestK));
        return new Result(profile.queries(), bestK, best, hierarchical, silhouettes,
                ClusterMath.adjustedRandIndex(best, hierarchical));
    }

    /** k-means++ on standardized rows, best of {@value #STARTS} seeded starts; labels numbered by first row. */
    public static int[] kMeans(double[][] z, int k, long seed) {
        List<DoublePoint> points = new ArrayList<>();
        for (double[] row : z) {
            points.add(new DoublePoint(row));
        }
        KMeansPlusPlusClusterer<DoublePoint> one = new KMeansPlusPlusClusterer<>(k, 200, new EuclideanDistance(),
                new Well19937c(seed));
        List<CentroidCluster<DoublePoint>> clusters = new MultiKMeansPlusPlusClusterer<>(one, STARTS).cluster(points);
        int[] labels = new int[z.length];
        Arrays.fill(labels, -1);
        for (int c = 0; c < clusters.size(); c++) {
            for (DoublePoint p : clusters.get(c).getPoints()) {
                for (int i = 0; i < z.length; i++) {
                    if (labels[i] < 0 && points.get(i) == p) {
                        labels[i] = c;
                    }
                }
            }
        }
        return renumber(labels);
    }

    /** Renames clusters 0, 1, ... in order of their first member, so equal partitions print alike. */
    static int[] renumber(int[] labels) {
        Map<Integer, Integer> names = new LinkedHashMap<>();
        int[] result = new int[labels.length];
        for (int i = 0; i < labels.length; i++) {
            result[i] = names.computeIfAbsent(labels[i], l -> names.size());
        }
        return result;
    }
}
