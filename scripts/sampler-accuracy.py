#!/usr/bin/env python3
"""The live sampler's error against exact, per metric, for several runs side by side (the gated
sampler against the full one).

usage: scripts/sampler-accuracy.py LABEL=RUN_DIR[,RUN_DIR...] [LABEL=RUN_DIR ...]

Reads the "live" rows of RUN_DIR/monitor/sampling-error.csv (written by `tunescope run --monitor --exact`: per measured
execution and metric, the live sampler's value, the trace's, and |sampled - exact| / exact in percent; executions
where exact is 0 and sampled is not are left out, as in docs/findings.md). Several run directories after one label
are pooled. Prints a Markdown table: median / p90 of the relative error per metric and label, and the number of
executions. Also prints each run's sampler and stat-read share from monitor/monitor.json, and, where the runs hold
them (builds with the gated sampler), the paired comparison on the same executions: the exact timeline resampled
by the full sampler's rule ("resampled") and by the gated one's ("resampled-gated"), per interval. Standard library
only.
"""
import csv
import json
import os
import sys

from quantiles import quantile

METRICS = ["processingMillis", "activeWorkers", "rsRatio", "rsJumps", "cpuJumps", "workerCpuMillis",
           "workerCpuMillisCounters"]


def load(run_dir, source="live"):
    rows = []
    with open(os.path.join(run_dir, "monitor", "sampling-error.csv")) as f:
        for r in csv.DictReader(f):
            err = float(r["errorPercent"])
            if r["source"] == source and err == err:
                rows.append((r["metric"], err, float(r["intervalMillis"])))
    return rows


def paired(label, dirs):
    dirs = [d for d in dirs if load(d, "resampled-gated")]  # the same executions on both sides
    full = [x for d in dirs for x in load(d, "resampled")]
    gated = [x for d in dirs for x in load(d, "resampled-gated")]
    if not gated:
        return
    label = f"{label} ({len(dirs)} runs)"
    intervals = sorted({x[2] for x in gated})
    print(f"\n{label}, resampled from the trace on the same executions: full / gated, median and p90 (%)\n")
    print("| metric | " + " | ".join(f"{iv:g} ms full | {iv:g} ms gated" for iv in intervals) + " |")
    print("| --- |" + " --- |" * (2 * len(intervals)))
    for m in METRICS[:-1]:
        cells = []
        for iv in intervals:
            for rows in (full, gated):
                e = [x[1] for x in rows if x[0] == m and x[2] == iv]
                cells.append(f"{quantile(e, .5):.0f} / {quantile(e, .9):.0f}" if e else "-")
        print(f"| {m} | " + " | ".join(cells) + " |")


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
    all_dirs = []
    for arg in sys.argv[1:]:
        label, dirs = arg.split("=", 1)
        rows = []
        for d in dirs.split(","):
            rows += load(d)
            all_dirs.append(d)
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
    paired("all runs above", all_dirs)


if __name__ == "__main__":
    main()
