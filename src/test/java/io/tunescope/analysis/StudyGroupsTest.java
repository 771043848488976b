package io.tunescope.analysis;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StudyGroupsTest {
    @Test
    void theAdjustedRandIndexOnKnownPartitions() {
        // adjusted_rand_score([0, 0, 1, 1], [0, 0, 1, 2]) = 4/7 (the same value scikit-learn documents, 0.57)
        assertThat(ClusterMath.adjustedRandIndex(new int[]{0, 0, 1, 1}, new int[]{0, 0, 1, 2}))
                .isCloseTo(4.0 / 7, within(1e-12));
        // contingency (1,1):2 (2,1):1 (2,2):1: index 1 equals its expectation 2*3/6, so 0
        assertThat(ClusterMath.adjustedRandIndex(new int[]{1, 1, 2, 2}, new int[]{1, 1, 1, 2})).isZero();
        assertThat(ClusterMath.adjustedRandIndex(new int[]{5, 5, 7, 7, 9}, new int[]{0, 0, 1, 1, 2})).isEqualTo(1.0);
    }

    @Test
    void theSeedsGroupsLeaveQ11AndQ13WithoutASingleGroup() {
        Map<String, Integer> study = StudyGroups.assignment();
        assertThat(study).hasSize(20).containsEntry("Q1", 1).containsEntry("Q18", 1).containsEntry("Q6", 4)
                .containsEntry("Q8", 7).doesNotContainKeys("Q11", "Q13");
        assertThat(StudyGroups.ambiguous()).containsExactly(Map.entry("Q11", "in none of the study's groups"),
                Map.entry("Q13", "in 2 of the study's groups"));
    }

    @Test
    void theStudysOwnGroupingAgreesFullyAndOneBigGroupNotAtAll() {
        List<GroupAnalysis.Group> same = new ArrayList<>();
        for (StudyGroups.StudyGroup g : StudyGroups.GROUPS) {
            List<String> queries = new ArrayList<>(g.queries());
            queries.remove("Q13");
            if (g.id() == 1) {
                queries.addAll(List.of("Q11", "Q13"));
            }
            same.add(new GroupAnalysis.Group(g.id(), queries, "", Map.of()));
        }
        StudyGroups.Agreement agreement = StudyGroups.compare(same);
        assertThat(agreement.adjustedRand()).isEqualTo(1.0);
        assertThat(agreement.queriesCompared()).isEqualTo(20);
        assertThat(agreement.leftOut()).containsOnlyKeys("Q11", "Q13");
        assertThat(agreement.rows()).hasSize(22);
        assertThat(agreement.rows().get(0)).isEqualTo(new StudyGroups.Row("Q1", 1, 1));

        List<String> all = new ArrayList<>();
        for (int q = 1; q <= 22; q++) {
            all.add("Q" + q);
        }
        assertThat(StudyGroups.compare(List.of(new GroupAnalysis.Group(1, all, "", Map.of()))).adjustedRand())
                .isZero();
    }

    @Test
    void mergingTheStudysTwoCpuHeavyGroupsScoresBetweenZeroAndOne() {
        List<GroupAnalysis.Group> merged = new ArrayList<>();
        merged.add(new GroupAnalysis.Group(1, List.of("Q1", "Q18", "Q9", "Q21"), "", Map.of()));
        int id = 2;
        for (StudyGroups.StudyGroup g : StudyGroups.GROUPS.subList(2, 7)) {
            merged.add(new GroupAnalysis.Group(id++, g.queries().stream().filter(q -> !q.equals("Q13")).toList(), "",
                    Map.of()));
        }
        double ari = StudyGroups.compare(merged).adjustedRand();
        // 20 queries; pairs together in both: grp1+2 merged 6, grp3 3, grp4 0, grp5 10, grp6 3, grp7 6 -> 28 of
        // ours (6+3+0+10+3+6 = 28) and the study's 1+1+3+0+10+3+6 = 24; expected 28*24/190
        double expected = 28.0 * 24 / 190;
        assertThat(ari).isCloseTo((24 - expected) / ((28 + 24) / 2.0 - expected), within(1e-12));
    }
}
