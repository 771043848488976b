#!/usr/bin/env python3
"""An independent reading of tracefs scheduler text, to check SchedTimeline's figures on a complete trace.

Usage: scripts/trace-reference.py TRACE_FILE TID [TID ...]
Prints per thread: on-CPU ns, involuntary / voluntary switches, sleeps, migrations, run delay ns, core changes.
(No lost-event handling: use it on traces that report none.)
"""
import re
import sys


def main(path, tids):
    first = last = None
    on, runnable, last_cpu = {}, {}, {}
    stats = {t: dict(oncpu=0, inv=0, vol=0, sleeps=0, mig=0, rd=0, cc=0) for t in tids}
    for line in open(path, encoding="utf-8"):
        m = re.search(r"\[(\d+)\]\s+\S+\s+(\d+)\.(\d+): (\w+): (.*)", line)
        if not m:
            continue
        cpu, ev, f = int(m.group(1)), m.group(4), m.group(5)
        t = int(m.group(2)) * 10**9 + int(m.group(3)) * 10 ** (9 - len(m.group(3)))
        first = t if first is None else first
        last = t
        if ev == "sched_switch":
            p = int(re.search(r"prev_pid=(\d+)", f).group(1))
            n = int(re.search(r"next_pid=(\d+)", f).group(1))
            st = re.search(r"prev_state=(\S+)", f).group(1)
            if p in stats:
                stats[p]["oncpu"] += t - on.pop(p, first)
                if st.startswith("R"):
                    stats[p]["inv"] += 1
                    runnable[p] = t
                else:
                    stats[p]["vol"] += 1
                    stats[p]["sleeps"] += 0 if st[0] in "XZ" else 1
            if n in stats:
                on[n] = t
                if n in runnable:
                    stats[n]["rd"] += t - runnable.pop(n)
                if n in last_cpu and last_cpu[n] != cpu:
                    stats[n]["cc"] += 1
                last_cpu[n] = cpu
        elif ev == "sched_wakeup":
            p = int(re.search(r" pid=(\d+)", f).group(1))
            if p in stats and p not in on and p not in runnable:
                runnable[p] = t
        elif ev == "sched_migrate_task":
            p = int(re.search(r" pid=(\d+)", f).group(1))
            if p in stats:
                stats[p]["mig"] += 1
    for p, since in on.items():
        stats[p]["oncpu"] += last - since
    for p in tids:
        print(p, stats[p])


if __name__ == "__main__":
    main(sys.argv[1], [int(a) for a in sys.argv[2:]])
