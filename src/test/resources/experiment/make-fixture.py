#!/usr/bin/env python3
"""Writes fixture/: a recorded-shape experiment directory (plan summary + one summary.json per cell, with the
thread monitor's per-query metrics) with three planted query groups and known multiplicative factor effects, so
tests can check that grouping, comparison and prediction recover them. Deterministic (seeded)."""
import json, math, os, random

rng = random.Random(42)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixture")
GROUPS = {1: [1, 18, 9, 13, 21], 2: [6, 14, 15, 16, 22, 19, 20], 3: [2, 3, 4, 5, 7, 8, 10, 11, 12, 17]}
# per group: base ms, workers, worker CPU share, run/sleep ratio, sleeps, context switches
PROFILE = {1: (120, 2.0, 0.9, 8.0, 3, 40), 2: (15, 1.0, 0.3, 1.0, 20, 300), 3: (45, 1.6, 0.6, 3.0, 8, 120)}
# multiplicative effects on response time: users 1 -> 4, worker limit off -> 1, per group
USERS = {"1": {1: 1.0, 2: 1.0, 3: 1.0}, "4": {1: 2.5, 2: 1.2, 3: 1.8}}
LIMIT = {"off": {1: 1.0, 2: 1.0, 3: 1.0}, "1": {1: 1.9, 2: 1.05, 3: 1.4}}
# log-normal noise per measurement: 1 %, so that 4 paired ratios resolve the planted +5 % (at 5 % they could not)
NOISE = 0.01
group_of = {q: g for g, qs in GROUPS.items() for q in qs}
query_scale = {q: math.exp(rng.gauss(0, 0.25)) for q in range(1, 23)}

cells = []
for rep in (1, 2):
    for users in ("1", "4"):
        for limit in ("off", "1"):
            cid = f"users-{users}_workerLimit-{limit}_r{rep}"
            queries = []
            for q in range(1, 23):
                g = group_of[q]
                base, workers, share, rs, jumps, cs = PROFILE[g]
                resp = base * query_scale[q] * USERS[users][g] * LIMIT[limit][g] * math.exp(rng.gauss(0, NOISE))
                w = workers if limit == "off" else 1.0
                metrics = {"responseMillis": round(resp, 3), "processingMillis": round(resp * 0.9, 3),
                           "activeWorkers": round(w * rng.uniform(0.95, 1.05), 3),
                           "rsRatio": round(rs * rng.uniform(0.9, 1.1), 3), "rsJumps": round(jumps * rng.uniform(0.9, 1.1), 1),
                           "workerCpuMillis": round(resp * share * w, 3), "totalCpuMillis": round(resp * (share * w + 0.1), 3),
                           "cpuJumps": round(jumps * 0.5 * rng.uniform(0.9, 1.1), 1),
                           "contextSwitches": round(cs * rng.uniform(0.9, 1.1), 1)}
                count = 2 * int(users)
                queries.append({"query": f"Q{q}", "count": count, "errors": 0, "meanMillis": round(resp, 3),
                                "p50Millis": round(resp, 3), "p95Millis": round(resp * 1.1, 3), "p99Millis": round(resp * 1.1, 3),
                                "maxMillis": round(resp * 1.1, 3), "rows": [4, 100, 10, 5, 5, 1, 4, 2, 175, 20, 2541, 2, 42, 1, 1, 18314, 1, 57, 1, 186, 100, 7][q - 1],
                                "validated": None, "validationDetail": None, "metrics": metrics})
            summary = {"complete": True, "failure": None, "engine": "duckdb", "engineVersion": "DuckDB v1.4.4",
                       "scaleFactor": 0.01, "seed": 1, "startedAt": "2026-11-30T17:00:00Z", "wallMillis": 9000,
                       "config": {"users": int(users), "tenants": 1, "workload": "sequence"},
                       "environment": {"cpuCount": 2, "cpuModel": "AMD EPYC", "javaVersion": "17.0.15"},
                       "tenants": [{"name": "t1", "pids": [1000], "cpus": None, "throughputPerSec": 10.0,
                                    "executions": 22 * 2 * int(users), "errors": 0, "measureSeconds": 5.0,
                                    "load": {"rows": 86000, "loadMillis": 2000, "indexMillis": 0}, "queries": queries}]}
            os.makedirs(os.path.join(OUT, "cells", cid), exist_ok=True)
            with open(os.path.join(OUT, "cells", cid, "summary.json"), "w") as f:
                json.dump(summary, f, indent=1)
            cells.append({"id": cid, "scenario": f"users={users},workerLimit={limit}",
                          "levels": {"users": users, "workerLimit": limit}, "repetition": rep,
                          "status": "done", "wallMillis": 9000, "problem": None})
plan = {"plan": "fixture", "complete": True, "failure": None, "cellsTotal": len(cells), "cellsDone": len(cells),
        "cellsFailed": 0, "cellsSkippedAsDone": 0, "wallMillis": 72000, "seed": 1, "randomOrder": False,
        "smt": "no SMT on this machine", "monitor": "every 8 ms",
        "base": {"engine": "duckdb", "scaleFactor": 0.01}, "factors": {"users": ["1", "4"], "workerLimit": ["off", "1"]},
        "repetitions": 2, "environment": {"cpuCount": 2, "cpuModel": "AMD EPYC", "javaVersion": "17.0.15"}, "cells": cells}
with open(os.path.join(OUT, "summary.json"), "w") as f:
    json.dump(plan, f, indent=1)
