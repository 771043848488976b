#!/usr/bin/env python3
"""The live sampler's error against exact, per metric, for several runs side by side (issue 15, item 3: the gated
sampler against the full one).

usage: scripts/sampler-accuracy.py LABEL=RUN_DIR[,RUN_DIR...] [LABEL=RUN_DIR ...]

Reads the "live" rows of RUN_DIR/monitor/sampling-error.csv (written by `tunescope run --monitor --exact`: per measured
execution and metric, the live sampler's value, the trace's, and |sampled - exact| / exact in percent; executions
where exact is 0 and sampled is not are left out, as in docs/findings.md). Several run directories after one label
are pooled. Prints a Markdown table: median / p90 of the relative error per metric and label, and the number of
executions. Also prints each run's sampler and stat-read share from monitor/monitor.json. Standard library only.
"""
import csv
import json
import os
import sys

METRICS = ["processingMillis", "activeWorkers", "rsRatio", "rsJumps", "cpuJumps", "workerCpuMillis",
           "workerCpuMillisCounters"]


def quantile(values, q):
    v = sorted(values)
    if not v:
        return float("nan")
    pos = q * (len(v) - 1)
    lo = int(pos)
    hi = min(len(v) - 1, lo + 1)
    return v[lo] + (pos - lo) * (v[hi] - v[lo])


def load(run_dir):
    rows = []
    with open(os.path.join(run_dir, "monitor", "sampling-error.csv")) as f:
        for r in csv.DictReader(f):
            err = float(r["errorPercent"])
            if r["source"] == "live" and err == err:
                rows.append((r["metric"], err))
    return rows


def describe(run_dir):
    path = os.path.join(run_dir, "monitor", "monitor.json")
    try:
        with open(path) as f:
            t = json.load(f)
        return f"{run_dir}: sampler {t.get('sampler')}, stat read for {t.get('statReadPercent') or 0:.1f} % of thread-ticks"
    except (OSError, ValueError):
        return f"{run_dir}: no thread-totals.json"


def main():
    runs = []
    for arg in sys.argv[1:]:
        label, dirs = arg.split("=", 1)
        rows = []
        for d in dirs.split(","):
            rows += load(d)
            print(describe(d))
        runs.append((label, rows))
    if not runs:
        sys.exit(__doc__)
    print("\n| metric | " + " | ".join(f"{label}: median / p90 (n)" for label, _ in runs) + " |")
    print("| --- |" + " --- |" * len(runs))
    for m in METRICS:
        cells = []
        for _, rows in runs:
            e = [x[1] for x in rows if x[0] == m]
            cells.append(f"{quantile(e, .5):.0f} / {quantile(e, .9):.0f} ({len(e)})" if e else "-")
        print(f"| {m} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
