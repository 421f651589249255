#!/usr/bin/env python3
"""Runs posttim-report and the Python peer on the same task lists; prints one table.

Called by Scripts/benchmark.sh (which builds and generates the lists):
  run_benchmark.py BIN PEER RUNS FORMATS LIST...
where each LIST is SIZE:KIND:PATH (KIND xml or binary). Every (list, format)
is run RUNS times for each program, ours and the peer's alternating so both
see the same machine load. Wall time, CPU time (user+sys) and peak RSS come
from GNU time (-v); the table shows medians and the largest peak RSS. The
number of task rows in both outputs is counted and must be the list's size.

Ours runs with each format's default options (HTML with its details part,
relative day names), as users run it; only the window is widened to every
task (--from 1900-01-01, with a fixed --now), as the peer shows them all.
The peer is run as it is: its HTML has no details part. A FORMAT the peer
does not write (json, ics, text, email) is run for ours only, its peer
columns left empty.
"""
import os, re, statistics, subprocess, sys, tempfile

LOCALE, ZONE = "fr_CA", "America/Toronto"


def timed(command, out_path):
    """Runs command with stdout to out_path; returns (wall s, cpu s, peak RSS KiB)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report, open(out_path, "wb") as out:
        subprocess.run(["/usr/bin/time", "-v", "-o", report.name] + command, stdout=out, check=True)
        text = report.read()
    def field(name):
        return re.search(re.escape(name) + r": (.*)", text).group(1).strip()
    clock = [float(part) for part in field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")]
    wall = sum(value * 60 ** index for index, value in enumerate(reversed(clock)))
    cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
    return wall, cpu, int(field("Maximum resident set size (kbytes)"))


def rows(path, fmt, ours):
    """Task rows in an output: CSV records minus the header, Markdown table rows
    minus header and rule, HTML list items (ours) or table rows (the peer's)."""
    data = open(path, encoding="utf-8", newline="").read()
    if fmt == "csv":
        import csv, io
        return sum(1 for _ in csv.reader(io.StringIO(data.lstrip("\ufeff")))) - 1
    if fmt == "markdown":
        lines = data.split("\n")
        return sum(1 for l in lines if l.startswith("|")) - 2 * sum(
            1 for l in lines if re.match(r"\|\s*-{3}", l))
    if fmt == "json":
        import json
        return sum(len(section["tasks"]) for section in json.loads(data)["sections"])
    if fmt == "ics":
        return data.count("BEGIN:VEVENT")
    if fmt in ("text", "email"):
        return None  # not counted: aligned columns wrap, the mail is encoded
    if ours:  # tasks are the <li> of each day's <ol> (the index is a <ul>)
        return sum(block.split("</ol>")[0].count("<li") for block in data.split("<ol")[1:])
    return data.count("<tr>")


PEER_FORMATS = {"html", "csv", "markdown"}


def ours_command(binary, path, fmt):
    # A window from far in the past and no end keeps every task, as the peer shows
    # them all; every other option is the format's default.
    command = [binary, path, "--format", fmt, "--locale", LOCALE, "--time-zone", ZONE,
               "--now", "2026-11-01T00:00:00Z", "--from", "1900-01-01"]
    return command + (["--mail-to", "bench@example.org"] if fmt == "email" else [])


def main():
    binary, peer, runs, formats = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4].split()
    lists = [item.split(":", 2) for item in sys.argv[5:]]
    work = tempfile.mkdtemp(prefix="posttim-bench-")
    header = ("tasks", "input", "format", "ours s", "ours cpu", "peer s", "peer cpu", "peer/ours",
              "ours MB", "peer MB", "ours bytes", "peer bytes")
    table = []
    for size, kind, path in lists:
        for fmt in formats:
            who_runs = ("ours", "peer") if fmt in PEER_FORMATS else ("ours",)
            results = {who: [] for who in who_runs}
            for _ in range(runs):
                for who in who_runs:
                    command = (ours_command(binary, path, fmt) if who == "ours"
                               else [sys.executable, peer, path, fmt, LOCALE, ZONE])
                    results[who].append(timed(command, os.path.join(work, f"{who}.{fmt}")))
            counts = {who: rows(os.path.join(work, f"{who}.{fmt}"), fmt, who == "ours") for who in results}
            if any(count not in (None, int(size)) for count in counts.values()):
                print(f"row count mismatch for {size} {kind} {fmt}: {counts}, expected {size}", file=sys.stderr)
                sys.exit(1)
            median = {who: (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs),
                            max(r[2] for r in rs)) for who, rs in results.items()}
            size_of = {who: os.path.getsize(os.path.join(work, f"{who}.{fmt}")) for who in results}
            if "peer" in median:
                peer_cells = (f"{median['peer'][0]:.3f}", f"{median['peer'][1]:.3f}",
                        f"{median['peer'][0] / max(median['ours'][0], 1e-3):.1f}x", f"{median['peer'][2] / 1024:.0f}",
                        str(size_of["peer"]))
            else:
                peer_cells = ("", "", "", "", "")
            row = (size, kind, fmt, f"{median['ours'][0]:.3f}", f"{median['ours'][1]:.3f}", peer_cells[0],
                   peer_cells[1], peer_cells[2], f"{median['ours'][2] / 1024:.0f}", peer_cells[3],
                   str(size_of["ours"]), peer_cells[4])
            table.append(row)
            print("  " + " ".join(row), file=sys.stderr, flush=True)
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(" --- " if i < 3 else " ---: " for i in range(len(header))) + "|")
    for row in table:
        print("| " + " | ".join(row) + " |")
    print(f"\nMedians of {runs} runs each (wall and CPU = user+sys seconds); MB = largest peak RSS; "
          f"ratio = peer wall / ours wall. {LOCALE}, {ZONE}; every task shown, rows counted in both outputs; "
          f"ours with each format's default options (HTML with its details part), the peer as it is.")


if __name__ == "__main__":
    main()
