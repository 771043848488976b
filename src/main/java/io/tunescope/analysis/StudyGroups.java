package io.tunescope.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The seven query groups of the study (Paluch et al. 2019, "thread-related resource demand", grp1..grp7) and the agreement of
 * a grouping of ours with them. The seed lists Q13 in both grp2 and grp4 and Q11 in none, so those two queries have
 * no single study group; they are left out of the comparison and named in it, never assigned by guess.
 */
public final class StudyGroups {
    /** The study's groups by number: its queries and its explanation, in the seed's words, shortened. */
    public record StudyGroup(int id, List<String> queries, String explanation) {
    }

    /** One query: its study group (null when it has none) and our group. */
    public record Row(String query, Integer studyGroup, int ourGroup) {
    }

    /**
     * Our grouping against the study's: the adjusted Rand index over the queries both assign (null when fewer than
     * two), how many that is, the queries left out and why, and every query's row.
     */
    public record Agreement(Double adjustedRand, int queriesCompared, Map<String, String> leftOut, List<Row> rows) {
    }

    public static final List<StudyGroup> GROUPS = List.of(
            new StudyGroup(1, List.of("Q1", "Q18"), "high response time, CPU-intensive, rarely sleeping, few CPU"
                    + " migrations and context switches; Q18 uses many more job workers"),
            new StudyGroup(2, List.of("Q9", "Q13", "Q21"), "like grp1, many job workers, rarely interrupted by sleep,"
                    + " more context switches"),
            new StudyGroup(3, List.of("Q15", "Q16", "Q22"), "low response time; sleeping phases and context switches"
                    + " slightly below average"),
            new StudyGroup(4, List.of("Q6", "Q13"), "far fewer job workers, more sleeping phases"),
            new StudyGroup(5, List.of("Q4", "Q14", "Q17", "Q19", "Q20"), "average CPU, few job workers, often"
                    + " sleeping (not Q4, Q14), more CPU migrations"),
            new StudyGroup(6, List.of("Q5", "Q10", "Q12"), "like grp5 but more job workers, fewer CPU migrations"),
            new StudyGroup(7, List.of("Q2", "Q3", "Q7", "Q8"), "lowest CPU use, many context switches"));

    private StudyGroups() {
    }

    /** Each query's single study group; queries in no group or in two are absent (see {@link #ambiguous()}). */
    public static Map<String, Integer> assignment() {
        Map<String, Integer> once = new TreeMap<>();
        Map<String, Integer> times = new TreeMap<>();
        for (StudyGroup g : GROUPS) {
            for (String q : g.queries()) {
                once.put(q, g.id());
                times.merge(q, 1, Integer::sum);
            }
        }
        times.forEach((q, n) -> {
            if (n > 1) {
                once.remove(q);
            }
        });
        return once;
    }

    /** The TPC-H queries the study gives no single group, and why. */
    public static Map<String, String> ambiguous() {
        Map<String, String> why = new LinkedHashMap<>();
        Map<String, Integer> assigned = assignment();
        for (int q = 1; q <= 22; q++) {
            String query = "Q" + q;
            if (!assigned.containsKey(query)) {
                long groups = GROUPS.stream().filter(g -> g.queries().contains(query)).count();
                why.put(query, groups == 0 ? "in none of the study's groups" : "in " + groups + " of the study's groups");
            }
        }
        return why;
    }

    /** Compares {@code ours} (query lists per group, ids from 1) with the study's seven groups. */
    public static Agreement compare(List<GroupAnalysis.Group> ours) {
        Map<String, Integer> study = assignment();
        Map<String, String> leftOut = new LinkedHashMap<>();
        List<Row> rows = new ArrayList<>();
        List<Integer> u = new ArrayList<>();
        List<Integer> v = new ArrayList<>();
        for (GroupAnalysis.Group g : ours) {
            for (String q : g.queries()) {
                Integer s = study.get(q);
                rows.add(new Row(q, s, g.id()));
                if (s == null) {
                    leftOut.put(q, ambiguous().getOrDefault(q, "not a TPC-H query the study grouped"));
                } else {
                    u.add(s);
                    v.add(g.id());
                }
            }
        }
        rows.sort(java.util.Comparator.comparingInt(r -> Integer.parseInt(r.query().substring(1))));
        Double ari = u.size() < 2 ? null : ClusterMath.adjustedRandIndex(
                u.stream().mapToInt(Integer::intValue).toArray(), v.stream().mapToInt(Integer::intValue).toArray());
        return new Agreement(ari, u.size(), leftOut, rows);
    }
}
