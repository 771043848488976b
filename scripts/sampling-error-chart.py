#!/usr/bin/env python3
"""Chart and tables of the sampling-error study from runs in exact mode.

usage: scripts/sampling-error-chart.py OUT.svg LABEL=RUN_DIR [LABEL=RUN_DIR ...]

Reads RUN_DIR/monitor/sampling-error.csv of each run (written by `tunescope run --monitor --exact`), writes an SVG
chart (median relative error against exact, per metric, over the resampling interval; one panel per run; the live
sampler's figure at its interval as a dot) and prints two Markdown tables: median / p90 per metric and interval,
and median per metric by the execution's length in intervals (all intervals pooled), from which the rule is read.
Standard library only.
"""
import csv
import statistics
import sys

from quantiles import quantile

METRICS = ["processingMillis", "activeWorkers", "rsRatio", "rsJumps", "cpuJumps", "workerCpuMillis"]
COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"]
BUCKETS = [0, 4, 16, 64, 256]


def load(run_dir):
    rows = []
    with open(run_dir + "/monitor/sampling-error.csv") as f:
        for r in csv.DictReader(f):
            err = float(r["errorPercent"])
            if err == err:  # NaN: exact 0, sampled not
                rows.append((r["source"], float(r["intervalMillis"]), r["metric"], float(r["responseMillis"]), err))
    return rows


def bucket(length):
    return max(b for b in BUCKETS if length >= b)


def tables(label, rows):
    intervals = sorted({iv for s, iv, *_ in rows if s == "resampled"})
    print(f"\n#### {label}: relative error against exact, median / p90 (%)\n")
    print("| metric | " + " | ".join(f"{iv:g} ms" for iv in intervals) + " | live 8 ms |")
    print("| --- |" + " --- |" * (len(intervals) + 1))
    for m in METRICS + ["workerCpuMillisCounters"]:
        cells = []
        for iv in intervals:
            e = [x[4] for x in rows if x[0] == "resampled" and x[1] == iv and x[2] == m]
            cells.append(f"{quantile(e, .5):.0f} / {quantile(e, .9):.0f}" if e else "-")
        live = [x[4] for x in rows if x[0] == "live" and x[2] == m]
        cells.append(f"{quantile(live, .5):.0f} / {quantile(live, .9):.0f}" if live else "-")
        print(f"| {m} | " + " | ".join(cells) + " |")
    print(f"\n#### {label}: median relative error (%) by the execution's length in sampling intervals "
          "(resampled, all intervals pooled; n in brackets)\n")
    print("| metric | " + " | ".join(f">= {b}" for b in BUCKETS) + " |")
    print("| --- |" + " --- |" * len(BUCKETS))
    for m in METRICS:
        cells = []
        for b in BUCKETS:
            e = [x[4] for x in rows if x[0] == "resampled" and x[2] == m and bucket(x[3] / x[1]) == b]
            cells.append(f"{statistics.median(e):.0f} ({len(e)})" if e else "-")
        print(f"| {m} | " + " | ".join(cells) + " |")


def panel(svg, x0, label, rows):
    w, h, left, top = 420, 300, 50, 30
    intervals = sorted({iv for s, iv, *_ in rows if s == "resampled"})
    ymax = 100.0
    def px(i):
        return x0 + left + i * (w - left - 20) / max(1, len(intervals) - 1)
    def py(v):
        return top + (h - top - 40) * (1 - min(v, ymax) / ymax)
    svg.append(f'<text x="{x0 + left}" y="18" font-size="13">{label}: median error vs exact (%)</text>')
    for t in range(0, 101, 25):
        svg.append(f'<line x1="{x0 + left}" x2="{x0 + w - 20}" y1="{py(t):.1f}" y2="{py(t):.1f}" stroke="#ddd"/>')
        svg.append(f'<text x="{x0 + left - 6}" y="{py(t) + 4:.1f}" font-size="10" text-anchor="end">{t}</text>')
    for i, iv in enumerate(intervals):
        svg.append(f'<text x="{px(i):.1f}" y="{h - 22}" font-size="10" text-anchor="middle">{iv:g} ms</text>')
    for k, m in enumerate(METRICS):
        pts = []
        for i, iv in enumerate(intervals):
            e = [x[4] for x in rows if x[0] == "resampled" and x[1] == iv and x[2] == m]
            if e:
                pts.append(f"{px(i):.1f},{py(statistics.median(e)):.1f}")
        svg.append(f'<polyline fill="none" stroke="{COLORS[k]}" stroke-width="2" points="{" ".join(pts)}"/>')
        live = [x for x in rows if x[0] == "live" and x[2] == m]
        if live and live[0][1] in intervals:
            i = intervals.index(live[0][1])
            svg.append(f'<circle cx="{px(i):.1f}" cy="{py(statistics.median([x[4] for x in live])):.1f}" r="4" '
                       f'fill="none" stroke="{COLORS[k]}"/>')
        svg.append(f'<text x="{x0 + left + (k % 3) * 120}" y="{h - 4 + (k // 3) * 12}" font-size="10" '
                   f'fill="{COLORS[k]}">{m}</text>')


def main():
    out, runs = sys.argv[1], [a.split("=", 1) for a in sys.argv[2:]]
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{440 * len(runs)}" height="332" '
           'font-family="sans-serif">']
    for n, (label, run_dir) in enumerate(runs):
        rows = load(run_dir)
        panel(svg, n * 440, label, rows)
        tables(label, rows)
    svg.append('<text x="8" y="328" font-size="9">lines: resampled from the trace; circles: live sampler; errors above 100 % drawn at 100 (workerCpuMillis: 6-16x)</text>')
    svg.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(svg) + "\n")


if __name__ == "__main__":
    main()
