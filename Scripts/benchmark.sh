#!/usr/bin/env bash
# The one place for performance figures (docs/performance.md).
#
# Builds the release binary, generates task lists of 22 (the reference list),
# 1k, 100k and 1M tasks in XML and binary, runs posttim-report and the Python
# peer a user would write instead (plistlib + Babel + Jinja2,
# ../shared/tools/peer_python.py) on the same files, each several times, and
# prints one table (Scripts/benchmark/run_benchmark.py). Ours runs with each
# format's default options (HTML with its details part), the window widened
# to every task as the peer shows them all; the peer runs as it is (its HTML
# has no details part); json, ics, text and email, which the peer does not
# write, are timed for ours only. Then the formatting micro-benchmark (task
# times per second on one core) and the 22-task start-to-exit time of ours
# and of the peer, in the same minute (hyperfine).
#
#   Scripts/benchmark.sh [--quick] [--sizes "22 1000"] [--runs N] [--formats "html csv markdown json"]
#
# --quick: 22, 1k and 100k tasks only (under 5 minutes on the 2-core machine).
# --sizes: these list sizes only (22 is the reference list, others generated).
# Generated lists are cached in .benchmark/ (git-ignored).
# Needs: python3 with Babel and Jinja2 (pip install babel jinja2), GNU time,
# hyperfine (optional), and ../shared/tools (the peer and the generator).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes="22 1000 100000 1000000"
runs=3
formats="html csv markdown json ics text email"
while [ $# -gt 0 ]; do
  case $1 in
    --quick) sizes="22 1000 100000" ;;
    --sizes) sizes=$2; shift ;;
    --runs) runs=$2; shift ;;
    --formats) formats=$2; shift ;;
    *) echo "usage: $0 [--quick] [--sizes LIST] [--runs N] [--formats \"html csv markdown json\"]" >&2; exit 64 ;;
  esac
  shift
done
tools=../shared/tools
[ -d "$tools" ] || { echo "benchmark needs $tools (peer_python.py, make_task_plist.py)" >&2; exit 66; }
python3 -c 'import babel, jinja2' 2>/dev/null ||
  { echo "benchmark needs python3 with Babel and Jinja2 (pip install babel jinja2)" >&2; exit 69; }

# Linked as `make install` builds it (the Swift runtime linked in: no dynamic
# symbol lookups through libswiftCore and Foundation at start).
swift build -c release --static-swift-stdlib --disable-local-rpath --product posttim-report >/dev/null
swift build -c release --static-swift-stdlib --product posttim-benchmarks >/dev/null
bin=$PWD/.build/release/posttim-report
cache=.benchmark
mkdir -p "$cache"

lists=()
reference=../shared/reference/listeDesTaches.plist
for n in $sizes; do
  if [ "$n" = 22 ]; then
    if [ ! -f "$reference" ]; then
      echo "skipping the 22-task list: $reference is absent" >&2
      continue
    fi
    cp "$reference" "$cache/tasks-22.xml"
    python3 -c 'import plistlib,sys; plistlib.dump(plistlib.load(open(sys.argv[1],"rb")), open(sys.argv[2],"wb"), fmt=plistlib.FMT_BINARY)' \
      "$cache/tasks-22.xml" "$cache/tasks-22.bplist"
  else
    [ -f "$cache/tasks-$n.xml" ] || python3 "$tools/make_task_plist.py" "$n" "$cache/tasks-$n.xml"
    [ -f "$cache/tasks-$n.bplist" ] || python3 "$tools/make_task_plist.py" --binary "$n" "$cache/tasks-$n.bplist"
  fi
  lists+=("$n:xml:$cache/tasks-$n.xml" "$n:binary:$cache/tasks-$n.bplist")
done

echo "posttim-report vs the Python peer (fr_CA, America/Toronto, $runs runs each; $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
python3 Scripts/benchmark/run_benchmark.py "$bin" "$tools/peer_python.py" "$runs" "$formats" "${lists[@]}"

echo
echo "Formatting task times (one core, skeleton jm, fr_CA, America/Toronto; target >= 2,000,000/s):"
for mode in format format-icu; do
  for _ in 1 2 3; do .build/release/posttim-benchmarks $mode 1; done |
    sort -k3 -n | sed -n 2p | awk -v mode=$mode '{printf "  %-10s median of 3: %d task times/s (%d in %.2f s)\n", mode, $3, $1, $2}'
done
echo "  (format: as day sections do, kept strings by time of day; format-icu: an ICU call per time)"

# The interpreter itself, not a launcher in front of it (pyenv's shim adds
# about 85 ms to every start), as run_benchmark.py runs it (sys.executable).
python=$(python3 -c 'import sys; print(sys.executable)')
if [ -f "$cache/tasks-22.xml" ] && command -v hyperfine >/dev/null; then
  echo
  echo "22 tasks, start to exit, ours and the peer in the same minute (markdown, output discarded; target: peer/ours >= 15):"
  hyperfine -N --warmup 5 --runs 50 --export-json "$cache/start.json" \
    "$bin $cache/tasks-22.xml --locale fr_CA --time-zone America/Toronto --now 2026-11-30T09:00:00-05:00" \
    "$python $tools/peer_python.py $cache/tasks-22.xml markdown fr_CA America/Toronto" >/dev/null
  python3 - "$cache/start.json" <<'PY'
import json, sys
ours, peer = json.load(open(sys.argv[1]))["results"]
for name, r in (("ours", ours), ("peer", peer)):
    print(f"  {name}: median {r['median'] * 1000:.1f} ms (mean {r['mean'] * 1000:.1f} ms, "
          f"user {r['user'] * 1000:.1f} ms, system {r['system'] * 1000:.1f} ms)")
print(f"  peer/ours: {peer['median'] / ours['median']:.1f}x (medians)")
PY
fi
