#!/usr/bin/env python3
"""Paired runs: alternates commands in the same minute and prints medians.

  paired.py RUNS COMMAND [-- COMMAND ...]

Each COMMAND (split on spaces) is run RUNS times, the commands taking turns,
standard output to /dev/null; prints the median and minimum wall time and
the median CPU time (user + sys) of each. On a shared machine, compare two
builds this way (old binary and new, the same files): single runs minutes
apart differ by more than most changes. With OUT=FILE in the environment,
standard output goes to that file (truncated each run), as the benchmark
writes it, instead of /dev/null.
"""
import os, resource, statistics, subprocess, sys, time

runs = int(sys.argv[1])
commands = [command.split() for command in " ".join(sys.argv[2:]).split(" -- ")]
results = [[] for _ in commands]
for _ in range(runs):
    for index, command in enumerate(commands):
        # Truncated before the clock starts: dropping the last run's pages is not this run's time.
        out = open(os.environ["OUT"], "wb") if os.environ.get("OUT") else subprocess.DEVNULL
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, stdout=out, check=True)
        wall = time.perf_counter() - start
        if out is not subprocess.DEVNULL:
            out.close()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        results[index].append((wall, cpu))
for command, result in zip(commands, results):
    walls = sorted(wall for wall, _ in result)
    print(f"wall median {statistics.median(walls) * 1000:7.1f} ms, min {walls[0] * 1000:7.1f} ms; "
          f"cpu median {statistics.median(cpu for _, cpu in result) * 1000:7.1f} ms  {' '.join(command)}")
print(f"load average {open('/proc/loadavg').read().split()[0]}")
