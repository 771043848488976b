#!/usr/bin/env python3
"""Markdown tables for docs/findings.md from a study run's analysis files (after `tunescope report DIR`).

Reads DIR/summary.json, profiles.json, groups.json, comparisons.json, group-changes.json, prediction.json and, when
present, cross-engine.json, and prints the tables that place a run beside the study (seeds/000): the per-query
profile of one scenario, the study's groups against ours with the adjusted Rand index, the factor effects per group
(pooled, as the report has them, and split by the level of users and of tenants, as the study's Figure 2 panels are),
and the prediction's error per group. The split is the only figure computed here: per query, the geometric mean over
matched scenario pairs (equal in every factor but the one changed) of the ratio of mean response times, then the
median over the group's queries.

    python3 scripts/study-tables.py runs/hana-sf1 [--scenario 'users=1,tenants=1,workerLimit=off,cpus=0-1']
"""
import argparse
import json
import math
import os
import statistics
import sys

# The study's groups (seeds/000, "thread-related resource demand"), as src/main/java/.../analysis/StudyGroups.java
# holds them; Q13 is listed in grp2 and grp4, Q11 in none.
STUDY_GROUPS = {
    1: ["Q1", "Q18"], 2: ["Q9", "Q13", "Q21"], 3: ["Q15", "Q16", "Q22"], 4: ["Q6", "Q13"],
    5: ["Q4", "Q14", "Q17", "Q19", "Q20"], 6: ["Q5", "Q10", "Q12"], 7: ["Q2", "Q3", "Q7", "Q8"],
}
PROFILE_COLUMNS = [
    ("responseMillis", "response ms", 0), ("processingMillis", "processing ms", 0),
    ("activeWorkers", "active workers", 1), ("rsRatio", "running/sleeping", 2), ("rsJumps", "r/s transitions", 0),
    ("workerCpuMillis", "worker CPU ms", 0), ("totalCpuMillis", "total CPU ms", 0), ("cpuJumps", "core changes", 0),
    ("contextSwitches", "context switches", 0), ("runDelayMillis", "run-queue wait ms", 0),
]


def load(run, name):
    path = os.path.join(run, name)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def query_number(q):
    return int(q[1:])


def study_group_of(query):
    groups = [g for g, qs in STUDY_GROUPS.items() if query in qs]
    return " / ".join("grp%d" % g for g in groups) if groups else "none"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def fmt(value, digits):
    if value is None:
        return "-"
    return ("%." + str(digits) + "f") % value if digits else "%d" % round(value)


def run_line(summary):
    return ("%s: %d of %d cells, %d failed, %.0f s; factors %s; %d repetitions"
            % (summary["plan"], summary["cellsDone"], summary["cellsTotal"], summary["cellsFailed"],
               summary["wallMillis"] / 1000.0, json.dumps(summary["factors"]), summary["repetitions"]))


def profile_table(profiles, scenario, our_group):
    values = {}
    for p in profiles:
        if p["scenario"] == scenario:
            values.setdefault(p["query"], {})[p["metric"]] = p["value"]
    if not values:
        return "(no profile for scenario %s)" % scenario
    order = sorted(values, key=lambda q: -values[q].get("responseMillis", 0))
    rows = [[q] + [fmt(values[q].get(m), d) for m, _, d in PROFILE_COLUMNS]
            + [study_group_of(q), "grp%s" % our_group.get(q, "-")] for q in order]
    return table(["query"] + [label for _, label, _ in PROFILE_COLUMNS] + ["study group", "our group"], rows)


def groups_tables(groups):
    ours = {q: g["id"] for g in groups["groups"] for q in g["queries"]}
    rows = []
    for gid, queries in STUDY_GROUPS.items():
        by_ours = {}
        for q in queries:
            by_ours.setdefault(ours.get(q), []).append(q)
        cells = ["grp%s: %s" % (g, ", ".join(sorted(qs, key=query_number)))
                 for g, qs in sorted(by_ours.items(), key=lambda kv: (kv[0] is None, kv[0] or 0))]
        rows.append(["grp%d" % gid, ", ".join(queries), "; ".join(cells)])
    side = table(["study group", "its queries", "our groups of those queries"], rows)
    own = table(["our group", "queries", "explanation (ours, from the standardized profile)"],
                [["grp%d" % g["id"], ", ".join(sorted(g["queries"], key=query_number)), g["explanation"]]
                 for g in groups["groups"]])
    study = groups["study"]
    ari = study["adjustedRand"]
    silhouettes = ", ".join("k=%s: %.2f" % (k, v) for k, v in groups["silhouetteByK"].items())
    stability = groups.get("stability", {})
    notes = ["k = %d by silhouette (%s)" % (groups["k"], silhouettes),
             "profiles from %d complete scenario(s)" % groups.get("scenariosUsed", 0),
             "adjusted Rand index with the study's groups: **%s** over %d queries (left out: %s)"
             % ("%.2f" % ari if ari is not None else "n/a", study["queriesCompared"],
                ", ".join("%s %s" % kv for kv in study["leftOut"].items())),
             "agreement with average-linkage hierarchical clustering: %.2f" % groups.get("hierarchicalAgreement", 0)]
    seven = groups.get("studyK")
    if seven and seven.get("adjustedRand") is not None:
        notes.append("the same k-means forced to the study's 7 groups: adjusted Rand index **%.2f** (%s)"
                     % (seven["adjustedRand"], "; ".join(
                         "grp%d: %s" % (g, ", ".join(sorted((r["query"] for r in seven["rows"] if r["ourGroup"] == g),
                                                            key=query_number)))
                         for g in sorted({r["ourGroup"] for r in seven["rows"]}))))
    if stability.get("meanAdjustedRand") is not None:
        notes.append("stability across repetitions (mean ARI between repetitions' groupings): %.2f"
                     % stability["meanAdjustedRand"])
    return side + "\n\n" + own + "\n\n" + "\n".join("- " + n for n in notes)


def effects_table(comparisons, changes, groups):
    factors = []
    for c in comparisons:
        key = (c["factor"], c["from"], c["to"])
        if key not in factors:
            factors.append(key)
    group_ids = [g["id"] for g in groups["groups"]]
    rows = []
    for factor, frm, to in factors:
        pairs = [c for c in comparisons if (c["factor"], c["from"], c["to"]) == (factor, frm, to)]
        excluding = [c for c in pairs if c["ci95"] and (c["ci95"][0] > 0 or c["ci95"][1] < 0)]
        row = ["%s %s -> %s" % (factor, frm, to), "%d (%d)" % (len(pairs), len(excluding)),
               "%+.0f %%" % statistics.median(c["changePercent"] for c in pairs) if pairs else "-"]
        for gid in group_ids:
            match = [g for g in changes if (g["factor"], g["from"], g["to"], g["group"]) == (factor, frm, to, gid)]
            row.append("%+.0f %% (%s)" % (match[0]["medianChangePercent"], match[0]["verdict"]) if match else "-")
        rows.append(row)
    header = ["change", "queries compared (95 % interval excludes 0)", "all queries"] + [
        "our grp%d" % g for g in group_ids]
    return table(header, rows)


def scenario_levels(scenario):
    return dict(part.split("=", 1) for part in scenario.split(","))


def split_effects_table(profiles, comparisons, groups, by, factor_order):
    """Each factor change's median effect per group, separately for each combination of levels of the factors `by`."""
    response = {}
    for p in profiles:
        if p["metric"] == "responseMillis" and p["value"] and p["value"] > 0:
            response[(p["scenario"], p["query"])] = p["value"]
    scenarios = sorted({s for s, _ in response})
    levels = [scenario_levels(s) for s in scenarios]
    if not levels or any(b not in levels[0] for b in by):
        return "(no factor %s)" % ", ".join(by)
    combos = sorted({tuple(lv[b] for b in by) for lv in levels},
                    key=lambda t: [factor_order[b].index(v) for b, v in zip(by, t)])
    changes = []
    for c in comparisons:
        key = (c["factor"], c["from"], c["to"])
        if key not in changes and c["factor"] not in by:
            changes.append(key)
    rows = []
    for factor, frm, to in changes:
        for combo in combos:
            row = ["%s %s -> %s" % (factor, frm, to), ", ".join("%s %s" % bv for bv in zip(by, combo))]
            for g in groups["groups"]:
                per_query = []
                for q in g["queries"]:
                    logs = []
                    for a, la in zip(scenarios, levels):
                        if la[factor] != frm or tuple(la[b] for b in by) != combo:
                            continue
                        lb = dict(la, **{factor: to})
                        b = ",".join("%s=%s" % (k, lb[k]) for k in la)
                        if (a, q) in response and (b, q) in response:
                            logs.append(math.log(response[(b, q)] / response[(a, q)]))
                    if logs:
                        per_query.append(math.exp(sum(logs) / len(logs)))
                row.append("%+.0f %%" % (100 * (statistics.median(per_query) - 1)) if per_query else "-")
            rows.append(row)
    return table(["change", "where"] + ["our grp%d" % g["id"] for g in groups["groups"]], rows)


def prediction_table(prediction):
    rows = [["all queries", "**%.1f %%**" % (100 * prediction["mape"]), "%.1f %%" % (100 * prediction["baselineMape"]),
             str(len(prediction["points"]))]]
    for g in prediction.get("perGroup", []):
        rows.append(["our grp%d (%d queries)" % (g["group"], len(g["queries"])), "%.1f %%" % (100 * g["mape"]),
                     "%.1f %%" % (100 * g["baselineMape"]), str(g["points"])])
    return ("leave one scenario out, %d folds\n\n" % prediction["scenarios"]
            + table(["", "model median APE", "baseline median APE", "predictions"], rows))


def cross_engine_table(cross):
    rows = []
    for d in cross["directions"]:
        groups = "; ".join("grp%d %.1f %% vs %.1f %% (%d)" % (g["group"], 100 * g["mape"], 100 * g["baselineMape"],
                                                               g["points"]) for g in d.get("perGroup", []))
        rows.append([d["trainedOn"], d["testedOn"], "**%.1f %%**" % (100 * d["mape"]),
                     "%.1f %%" % (100 * d["baselineMape"]), "%d in %d scenarios" % (
                         sum(s["queries"] for s in d["perScenario"]), d["scenarios"]), groups or "-"])
    return table(["trained on", "tested on", "model median APE", "baseline", "predictions",
                  "per group: model vs baseline (predictions)"], rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", help="a study run directory after `tunescope report`")
    parser.add_argument("--scenario", default="users=1,tenants=1,workerLimit=off,cpus=0-1",
                        help="the scenario whose per-query profile is printed")
    args = parser.parse_args()
    summary, groups = load(args.run, "summary.json"), load(args.run, "groups.json")
    if summary is None or groups is None:
        sys.exit("study-tables: %s has no summary.json or groups.json; run `tunescope report %s` first"
                 % (args.run, args.run))
    our_group = {q: g["id"] for g in groups["groups"] for q in g["queries"]}
    print(run_line(summary) + "\n")
    print("### Per-query profile, %s (mean over its executions)\n" % args.scenario)
    print(profile_table(load(args.run, "profiles.json") or [], args.scenario, our_group) + "\n")
    print("### Groups side by side\n")
    print(groups_tables(groups) + "\n")
    print("### Factor effects per group (median change of mean response time)\n")
    print(effects_table(load(args.run, "comparisons.json") or [], load(args.run, "group-changes.json") or [],
                        groups) + "\n")
    factor_order = {k: [str(v) for v in vs] for k, vs in summary["factors"].items()}
    for by in (("users",), ("tenants",), ("tenants", "users")):
        print("### Factor effects per group by %s (median over the group's queries of the matched-pair ratio)\n"
              % " and ".join(by))
        print(split_effects_table(load(args.run, "profiles.json") or [], load(args.run, "comparisons.json") or [],
                                  groups, by, factor_order) + "\n")
    prediction = load(args.run, "prediction.json")
    if prediction:
        print("### Prediction\n")
        print(prediction_table(prediction) + "\n")
    cross = load(args.run, "cross-engine.json")
    if cross:
        print("### Prediction across engines\n")
        print(cross_engine_table(cross) + "\n")


if __name__ == "__main__":
    main()
