#!/usr/bin/env python3
"""The table of scripts/strategy-bench.sh: best so far at 10, 20 and BUDGET trials per strategy and seed (a failed
trial counts as nothing), and the trial at which gp first reached Nelder-Mead's final best.
   scripts/strategy-table.py OUT BUDGET SEED..."""
import json
import os
import sys


def best_so_far(path, direction_max):
    best, curve = None, []
    with open(os.path.join(path, "journal.jsonl")) as f:
        for line in f:
            t = json.loads(line)
            if t.get("type") != "trial":
                continue
            v = t.get("objective")
            if v is not None and (best is None or (v > best if direction_max else v < best)):
                best = v
            curve.append(best)
    return curve


def at(curve, n):
    return curve[min(n, len(curve)) - 1] if curve else None


def main(out, budget, seeds):
    marks = [m for m in (10, 20, budget) if m <= budget]
    marks = sorted(set(marks))
    header = json.loads(open(os.path.join(out, f"gp-seed{seeds[0]}", "journal.jsonl")).readline())
    maximize = header.get("direction") == "maximize"
    print("| seed | strategy | " + " | ".join(f"best at {m}" for m in marks) + " | gp reaches NM's best at |")
    print("| --- | --- | " + " | ".join("---" for _ in marks) + " | --- |")
    for seed in seeds:
        curves = {s: best_so_far(os.path.join(out, f"{s}-seed{seed}"), maximize)
                  for s in ("gp", "nelder-mead", "random")}
        nm_best = at(curves["nelder-mead"], budget)
        reach = next((i + 1 for i, v in enumerate(curves["gp"])
                      if v is not None and nm_best is not None and (v >= nm_best if maximize else v <= nm_best)),
                     None)
        for s, c in curves.items():
            cells = " | ".join("" if at(c, m) is None else f"{at(c, m):.3f}" for m in marks)
            last = (f"{reach}" if reach else f"not within {len(curves['gp'])}") if s == "gp" else ""
            print(f"| {seed} | {s} | {cells} | {last} |")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
