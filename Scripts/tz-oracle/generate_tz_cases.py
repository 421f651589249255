#!/usr/bin/env python3
"""Generate the system tz database oracle used by the PosttimICU tests.

What it does
    Asks Python's `zoneinfo` module for the UTC offset and local wall time of
    ~45 zones at ~30 instants each (1970-2100, including the second before
    and the second of DST transitions), reading the *system* TZif files
    (/usr/share/zoneinfo, Debian's tzdata package), and writes
    Tests/PosttimICUTests/Fixtures/tz-system-cases.json.  The Swift tests
    compare the ICU zones that CICUShim builds from the same files against it.

Why zoneinfo is an independent oracle
    CPython's zoneinfo (PEP 615) has its own TZif reader and POSIX TZ footer
    evaluator; it shares no code with CICUTimeZones.cpp or ICU.  Each zone is
    opened with ZoneInfo.from_file() on the file itself, so neither the
    `tzdata` PyPI package (possibly a different version) nor PYTHONTZPATH can
    take its place.

Requirements
    Python >= 3.9, standard library only; a zoneinfo folder with tzdata.zi
    (its first line, "# version 2025b", is recorded as tzdataVersion; the
    Swift test skips when the machine's version differs).

How to run (from the repository root)
    python3 Scripts/tz-oracle/generate_tz_cases.py
    # options: --zoneinfo DIR (default: /usr/share/zoneinfo)
    #          --output PATH (default: the fixture path above)
    #          --check (regenerate in memory and fail if the committed file differs)

What each record holds
    timeZone           the IANA ID (the file <zoneinfo>/<ID>)
    instant            an ISO 8601 UTC instant, "2026-07-01T21:30:00Z"
    utcOffsetSeconds   datetime.fromtimestamp(t, zone).utcoffset(), seconds east
    localDateTime      the wall time there, "2026-07-02T00:30:00"

How instants are chosen (deterministic)
    * 1 January and 1 July at 12:00 UTC of 1971, 1985, 1999, 2010, 2022, 2038,
      2055, 2075 and 2100 (before, during and far after the
      explicit transitions; after 2037 the footer's rules govern);
    * in 1996, 2024, 2026, 2040 and 2090: each transition found by a
      daily scan and bisection to the second, as the second before it and
      the second it takes effect (at most 20 such instants per zone);
    * the cases named in the task (Africa/Cairo 2026-07-01T21:30:00Z).
"""

import argparse
import datetime
import json
import os
import sys
from zoneinfo import ZoneInfo

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUTPUT = os.path.join(REPO, "Tests", "PosttimICUTests", "Fixtures", "tz-system-cases.json")

ZONES = [
    # Changed after ICU 72's tz 2022e.
    "Africa/Cairo", "America/Mexico_City", "America/Ciudad_Juarez", "America/Chihuahua",
    "America/Ojinaga", "America/Nuuk", "America/Asuncion", "Asia/Almaty", "Asia/Gaza",
    "America/Bahia_Banderas", "America/Scoresbysund", "Antarctica/Vostok", "Pacific/Fiji",
    "America/Pangnirtung",
    # POSIX footer forms: 30-minute DST, hours past 24, negative times and
    # negative DST, quoted names, no DST.
    "Australia/Lord_Howe", "Asia/Jerusalem", "America/Santiago", "Europe/Dublin",
    "Africa/Casablanca", "Pacific/Chatham", "Antarctica/Troll", "Pacific/Kiritimati",
    # Everyday zones and the ICU matrix's zones.
    "America/Toronto", "America/New_York", "America/Los_Angeles", "America/Phoenix",
    "America/St_Johns", "America/Sao_Paulo", "America/Havana", "Europe/Paris",
    "Europe/London", "Europe/Moscow", "Europe/Kyiv", "Europe/Istanbul", "Asia/Tehran",
    "Asia/Kolkata", "Asia/Kathmandu", "Asia/Tokyo", "Australia/Sydney",
    "Australia/Adelaide", "Pacific/Auckland", "Pacific/Apia", "Africa/Windhoek", "UTC",
]

FIXED_YEARS = [1971, 1985, 1999, 2010, 2022, 2038, 2055, 2075, 2100]
EDGE_YEARS = [1996, 2024, 2026, 2040, 2090]
MAX_EDGES = 20
EXTRA = {"Africa/Cairo": ["2026-07-01T21:30:00Z"]}


def utc(year, month, day, hour=0):
    return int(datetime.datetime(year, month, day, hour, tzinfo=datetime.timezone.utc).timestamp())


def offset(zone, t):
    return int(datetime.datetime.fromtimestamp(t, zone).utcoffset().total_seconds())


def transitions_in(zone, year):
    """Instants (s) where the UTC offset changes during `year`."""
    found = []
    t, end = utc(year, 1, 1), utc(year + 1, 1, 1)
    before = offset(zone, t)
    while t < end:
        n = min(t + 86400, end)
        after = offset(zone, n)
        if after != before:
            lo, hi = t, n
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if offset(zone, mid) == before:
                    lo = mid
                else:
                    hi = mid
            found.append(hi)
        before, t = after, n
    return found


def iso(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def tzdata_version(zoneinfo):
    with open(os.path.join(zoneinfo, "tzdata.zi"), encoding="ascii") as f:
        first = f.readline().strip()
    if not first.startswith("# version "):
        sys.exit(f"{zoneinfo}/tzdata.zi does not start with '# version ': {first!r}")
    return first[len("# version "):]


def build(zoneinfo):
    cases = []
    for name in ZONES:
        with open(os.path.join(zoneinfo, name), "rb") as f:
            zone = ZoneInfo.from_file(f, key=name)
        instants = set()
        for year in FIXED_YEARS:
            instants.update([utc(year, 1, 1, 12), utc(year, 7, 1, 12)])
        edges = []
        for year in EDGE_YEARS:
            for t in transitions_in(zone, year):
                edges.extend([t - 1, t])
        instants.update(edges[:MAX_EDGES])
        for text in EXTRA.get(name, []):
            instants.add(int(datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
                             .replace(tzinfo=datetime.timezone.utc).timestamp()))
        for t in sorted(instants):
            local = datetime.datetime.fromtimestamp(t, zone)
            cases.append({
                "timeZone": name,
                "instant": iso(t),
                "utcOffsetSeconds": offset(zone, t),
                "localDateTime": local.strftime("%Y-%m-%dT%H:%M:%S"),
            })
    return cases


def render(zoneinfo):
    header = {
        "generator": "Scripts/tz-oracle/generate_tz_cases.py",
        "oracle": "CPython zoneinfo (ZoneInfo.from_file on each system TZif file)",
        "zoneinfo": zoneinfo,
        "tzdataVersion": tzdata_version(zoneinfo),
        "pythonVersion": "%d.%d.%d" % sys.version_info[:3],
    }
    lines = ["{"]
    for key, value in header.items():
        lines.append(f"  {json.dumps(key)}: {json.dumps(value)},")
    lines.append('  "cases": [')
    cases = build(zoneinfo)
    for i, case in enumerate(cases):
        comma = "," if i + 1 < len(cases) else ""
        lines.append("    " + json.dumps(case, ensure_ascii=True) + comma)
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n", len(cases)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--zoneinfo", default="/usr/share/zoneinfo")
    parser.add_argument("--output", default=DEFAULT_OUTPUT)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text, count = render(args.zoneinfo)
    if args.check:
        with open(args.output, encoding="ascii") as f:
            if f.read() != text:
                sys.exit(f"{args.output} differs from a fresh run; regenerate it")
        print(f"{args.output} is up to date ({count} cases)")
        return
    with open(args.output, "w", encoding="ascii") as f:
        f.write(text)
    print(f"wrote {args.output}: {count} cases, {len(ZONES)} zones")


if __name__ == "__main__":
    main()
