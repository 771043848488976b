package io.tunescope.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Groups the queries of an experiment by profile, explains each group by the metrics that set it apart, and says
 * how stable the grouping is across repetitions. This is {@code groups.json}.
 */
public final class GroupAnalysis {
    private static final Set<String> COUNTS = Set.of("activeWorkers", "rsJumps", "cpuJumps", "contextSwitches", "rows");
    private static final double NOTABLE_Z = 0.5;

    /** One group: its queries, the words that explain it, and the mean standardized value of each metric. */
    public record Group(int id, List<String> queries, String explanation, Map<String, Double> meanZ) {
    }

    /** Agreement of the groupings of each repetition alone (adjusted Rand index, pairwise mean). */
    public record Stability(List<Integer> repetitions, Double meanAdjustedRand, List<Double> pairwise) {
    }

    /**
     * @param study        our groups against the study's seven
     * @param studyK       the same k-means forced to the study's number of groups (null with too few queries): does
     *                     the disagreement come from the number of groups or from what sets queries apart?
     */
    public record Report(int k, String method, List<String> metrics, int scenariosUsed, List<Group> groups,
                         Map<Integer, Double> silhouetteByK, List<List<String>> hierarchicalGroups,
                         double hierarchicalAgreement, Stability stability, StudyGroups.Agreement study,
                         StudyGroups.Agreement studyK) {
    }

    private GroupAnalysis() {
    }

    public static Report analyze(ExperimentData data, long seed) {
        List<String> metrics = Metrics.available(data);
        Profiles.Matrix matrix = Profiles.matrix(data, metrics, data.scenarios(), c -> true);
        QueryGrouping.Result result = QueryGrouping.cluster(matrix, seed);
        Map<String, double[]> z = metricZ(matrix, metrics);
        List<Group> groups = new ArrayList<>();
        for (int g = 0; g < result.k(); g++) {
            List<String> members = members(result.queries(), result.labels(), g);
            Map<String, Double> meanZ = new LinkedHashMap<>();
            for (String m : metrics) {
                meanZ.put(m, members.stream().mapToDouble(q -> z.get(m)[result.queries().indexOf(q)]).average()
                        .orElse(0));
            }
            groups.add(new Group(g + 1, members, explain(meanZ), meanZ));
        }
        List<List<String>> hierarchical = new ArrayList<>();
        for (int g = 0; g < result.k(); g++) {
            hierarchical.add(members(result.queries(), result.hierarchicalLabels(), g));
        }
        String method = "k-means++ (Hipparchus, " + 20 + " seeded starts) on standardized normalized profiles of "
                + matrix.columns().size() + " (scenario, metric) columns; k by silhouette over 2.."
                + Math.min(QueryGrouping.MAX_K, result.queries().size() - 1)
                + "; beside average-linkage hierarchical clustering";
        int scenarios = (int) matrix.columns().stream().map(c -> c.substring(0, c.lastIndexOf(':'))).distinct().count();
        return new Report(result.k(), method, metrics, scenarios, groups, result.silhouetteByK(), hierarchical,
                result.hierarchicalAgreement(), stability(data, metrics, result, seed), StudyGroups.compare(groups),
                atStudyK(matrix, seed));
    }

    /** k-means with k = the study's number of groups, against the study's groups; null when it cannot run. */
    private static StudyGroups.Agreement atStudyK(Profiles.Matrix matrix, long seed) {
        int k = StudyGroups.GROUPS.size();
        double[][] z = ClusterMath.standardize(matrix.values());
        if (z.length <= k || z[0].length == 0) {
            return null;
        }
        int[] labels = QueryGrouping.kMeans(z, k, seed);
        List<Group> groups = new ArrayList<>();
        for (int g = 0; g < k; g++) {
            groups.add(new Group(g + 1, members(matrix.queries(), labels, g), "", Map.of()));
        }
        return StudyGroups.compare(groups);
    }

    /** Per metric, each query's normalized value averaged over scenarios, standardized across queries. */
    private static Map<String, double[]> metricZ(Profiles.Matrix matrix, List<String> metrics) {
        Map<String, double[]> z = new LinkedHashMap<>();
        int n = matrix.queries().size();
        for (String m : metrics) {
            double[][] col = new double[n][1];
            int used = 0;
            for (int j = 0; j < matrix.columns().size(); j++) {
                if (matrix.columns().get(j).endsWith(":" + m)) {
                    used++;
                    for (int i = 0; i < n; i++) {
                        col[i][0] += matrix.values()[i][j];
                    }
                }
            }
            double[][] s = used == 0 ? new double[n][0] : ClusterMath.standardize(col);
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                v[i] = s[i].length == 0 ? 0 : s[i][0];
            }
            z.put(m, v);
        }
        return z;
    }

    static String explain(Map<String, Double> meanZ) {
        List<Map.Entry<String, Double>> notable = meanZ.entrySet().stream()
                .filter(e -> Math.abs(e.getValue()) >= NOTABLE_Z)
                .sorted(Comparator.comparingDouble((Map.Entry<String, Double> e) -> -Math.abs(e.getValue())))
                .limit(3).toList();
        if (notable.isEmpty()) {
            return "close to the average query on every metric";
        }
        List<String> words = new ArrayList<>();
        for (Map.Entry<String, Double> e : notable) {
            boolean high = e.getValue() > 0;
            String level = COUNTS.contains(e.getKey()) ? (high ? "many" : "few") : (high ? "high" : "low");
            words.add(level + " " + Metrics.words(e.getKey()) + String.format(" (z %+.1f)", e.getValue()));
        }
        return String.join(", ", words);
    }

    private static Stability stability(ExperimentData data, List<String> metrics, QueryGrouping.Result all,
                                       long seed) {
        List<Integer> reps = data.repetitions();
        List<int[]> labelings = new ArrayList<>();
        for (int r : reps) {
            Profiles.Matrix m = Profiles.matrix(data, metrics, data.scenarios(), c -> c.repetition() == r);
            if (!m.queries().equals(all.queries()) || m.columns().isEmpty() || all.k() < 2) {
                continue;
            }
            double[][] z = ClusterMath.standardize(m.values());
            labelings.add(z[0].length == 0 ? new int[z.length] : QueryGrouping.kMeans(z, all.k(), seed));
        }
        List<Double> pairwise = new ArrayList<>();
        for (int a = 0; a < labelings.size(); a++) {
            for (int b = a + 1; b < labelings.size(); b++) {
                pairwise.add(ClusterMath.adjustedRandIndex(labelings.get(a), labelings.get(b)));
            }
        }
        Double mean = pairwise.isEmpty() ? null : pairwise.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        return new Stability(reps, mean, pairwise);
    }

    private static List<String> members(List<String> queries, int[] labels, int group) {
        List<String> result = new ArrayList<>();
        for (int i = 0; i < labels.length; i++) {
            if (labels[i] == group) {
                result.add(queries.get(i));
            }
        }
        return result;
    }
}
