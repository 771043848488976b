package io.tunescope.analysis;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ClusterMathTest {
    /** Three tight blobs of 5 points far apart in 3 dimensions. */
    private static double[][] blobs(long seed) {
        Random r = new Random(seed);
        double[][] centers = {{0, 0, 0}, {10, 0, 5}, {0, 10, -5}};
        double[][] x = new double[15][3];
        for (int i = 0; i < 15; i++) {
            for (int j = 0; j < 3; j++) {
                x[i][j] = centers[i / 5][j] + r.nextGaussian() * 0.3;
            }
        }
        return x;
    }

    private static final int[] TRUTH = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2};

    @Test
    void adjustedRandIndexMatchesAWorkedExample() {
        // contingency [[2,1],[0,2]]: index 1+0+1 = 2; rows 3+1 = 4; columns 1+3 = 4; 10 pairs, expected 1.6
        // => (2 - 1.6) / (4 - 1.6) = 1/6
        assertThat(ClusterMath.adjustedRandIndex(new int[]{0, 0, 0, 1, 1}, new int[]{0, 0, 1, 1, 1}))
                .isCloseTo(1.0 / 6, within(1e-12));
        assertThat(ClusterMath.adjustedRandIndex(TRUTH, TRUTH)).isEqualTo(1.0);
    }

    @Property(tries = 100)
    void adjustedRandIndexIgnoresLabelNames(@ForAll @Size(min = 2, max = 30) List<@IntRange(min = 0, max = 3) Integer> labels,
                                            @ForAll @IntRange(min = 1, max = 9) int shift) {
        int[] u = labels.stream().mapToInt(Integer::intValue).toArray();
        int[] v = labels.stream().mapToInt(l -> (l + shift) * 7).toArray();
        assertThat(ClusterMath.adjustedRandIndex(u, v)).isCloseTo(1.0, within(1e-9));
        assertThat(ClusterMath.adjustedRandIndex(u, u)).isLessThanOrEqualTo(1.0 + 1e-12);
    }

    @Test
    void kMeansSilhouetteAndHierarchicalFindPlantedBlobs() {
        double[][] x = blobs(1);
        QueryGrouping.Result r = QueryGrouping.cluster(new Profiles.Matrix(
                java.util.stream.IntStream.range(0, 15).mapToObj(i -> "Q" + (i + 1)).toList(), List.of("a", "b", "c"),
                x), 7);
        assertThat(r.k()).isEqualTo(3);
        assertThat(ClusterMath.adjustedRandIndex(r.labels(), TRUTH)).isEqualTo(1.0);
        assertThat(ClusterMath.adjustedRandIndex(r.hierarchicalLabels(), TRUTH)).isEqualTo(1.0);
        assertThat(r.silhouetteByK().get(3)).isGreaterThan(0.8).isGreaterThan(r.silhouetteByK().get(2));
    }

    @Test
    void silhouetteOfAWrongPartitionIsLow() {
        double[][] x = ClusterMath.standardize(blobs(2));
        int[] wrong = {0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2};
        assertThat(ClusterMath.silhouette(x, wrong)).isLessThan(0.1);
        assertThat(ClusterMath.silhouette(x, TRUTH)).isGreaterThan(0.8);
    }

    @Test
    void standardizeCentersScalesAndDropsConstantColumns() {
        double[][] z = ClusterMath.standardize(new double[][]{{1, 5, 10}, {3, 5, 20}, {5, 5, 30}});
        assertThat(z[0]).hasSize(2);
        assertThat(z[0][0] + z[1][0] + z[2][0]).isCloseTo(0, within(1e-12));
        assertThat(z[2][1]).isCloseTo(Math.sqrt(1.5), within(1e-12));
    }
}
