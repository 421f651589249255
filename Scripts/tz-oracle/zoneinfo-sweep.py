#!/usr/bin/env python3
"""Check every file of a zoneinfo tree against glibc, by name and by path.

What it does
    For each file and link under the tree (posix/ and right/ included), runs
    posttim-report with TZ=NAME and TZ=/tree/NAME (JSON output, which names
    the zone used) and compares the UTC offsets glibc gives for that TZ value
    at instants across 2026-2027 with those of the zone the tool used (UTC
    when it warned). A run that exits non-zero is a refusal: fine when glibc
    shows UTC too (the file is no zone: zone.tab, a folder), a mismatch
    otherwise. Offsets come from glibc itself (time.tzset, localtime).

How to run (from the repository root, after swift build)
    python3 Scripts/tz-oracle/zoneinfo-sweep.py [--binary PATH] [--zoneinfo DIR]
    Prints each mismatch and a summary; exits 1 when there is a mismatch.
"""
import argparse
import calendar
import json
import os
import subprocess
import sys
import time

INSTANTS = [1768478400 + day * 86400 * 30 for day in range(0, 24)]


def glibc_offsets(tz):
    os.environ["TZ"] = tz
    time.tzset()
    # Wall-clock time minus UTC: tm_gmtoff is not the shown offset for right/ zones.
    return tuple(calendar.timegm(time.localtime(t)) - t for t in INSTANTS)


def tool_zone(binary, tz, plist):
    env = {"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "TZ": tz}
    run = subprocess.run(
        [binary, plist, "--now", "2026-11-30T14:00:00Z", "-f", "json"],
        env=env, capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.returncode, run.stderr.strip()
    return json.loads(run.stdout)["timeZone"], 0, run.stderr.strip()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/debug/posttim-report")
    parser.add_argument("--zoneinfo", default="/usr/share/zoneinfo")
    parser.add_argument("--plist", default="Examples/listeDesTaches.plist")
    args = parser.parse_args()
    names = []
    for folder, dirs, files in os.walk(args.zoneinfo):
        for entry in files + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            names.append(os.path.relpath(os.path.join(folder, entry), args.zoneinfo))
    names.sort()
    counts = {"same": 0, "refused (glibc UTC too)": 0, "mismatch": 0}
    for name in names:
        for tz in (name, os.path.join(args.zoneinfo, name)):
            zone, status, stderr = tool_zone(args.binary, tz, args.plist)
            wanted = glibc_offsets(tz)
            if status != 0:
                if wanted == glibc_offsets("UTC0"):
                    counts["refused (glibc UTC too)"] += 1
                else:
                    counts["mismatch"] += 1
                    print(f"MISMATCH TZ={tz}: exit {status} ({stderr}); glibc offsets {wanted[:2]}…")
                continue
            got = glibc_offsets(zone if zone != "UTC" or not stderr else "UTC0")
            # right/ zones count leap seconds: the tool reads them as the plain zone (within a minute).
            leap = name.startswith("right/") and all(abs(a - b) < 60 for a, b in zip(got, wanted))
            if got == wanted or leap:
                counts["same"] += 1
            else:
                counts["mismatch"] += 1
                print(f"MISMATCH TZ={tz}: tool {zone} {stderr!r}; glibc offsets {wanted[:2]}… tool's {got[:2]}…")
    print(f"{len(names)} names, {2 * len(names)} TZ values: {counts}")
    return 1 if counts["mismatch"] else 0


if __name__ == "__main__":
    sys.exit(main())
