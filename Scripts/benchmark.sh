#!/usr/bin/env bash
# Benchmark: posttim-report (release build) against the Python peer a user
# would write instead (plistlib + Babel + Jinja2, ../shared/tools/peer_python.py),
# on the same generated task list, in the same run. Prints wall time and
# peak RSS for each, and the speed-up.
#
#   Scripts/benchmark.sh [N=100000] [FORMATS="html csv markdown"]
#
# Needs: python3 with babel and jinja2 (pip install babel jinja2), GNU time
# (apt-get install time), and ../shared/tools (the peer and the generator).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100000}
formats=${2:-"html csv markdown"}
tools=../shared/tools
[ -d "$tools" ] || { echo "benchmark needs $tools (peer_python.py, make_task_plist.py)" >&2; exit 66; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --product posttim-report >/dev/null
bin=.build/release/posttim-report
python3 "$tools/make_task_plist.py" "$n" "$work/tasks.plist"
echo "tasks: $n ($(du -h "$work/tasks.plist" | cut -f1) XML); locale fr_CA, zone America/Toronto"

measure() {  # label, output file, command...
  local label=$1 out=$2; shift 2
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" > "$out"
  read -r seconds kilobytes < "$work/time"
  printf '%-28s %8.2f s %8d MB\n' "$label" "$seconds" $((kilobytes / 1024)) >&2
  echo "$seconds"
}

for format in $formats; do
  ours=$(measure "posttim-report $format" "$work/ours.$format" \
    "$bin" "$work/tasks.plist" --format "$format" --locale fr_CA --time-zone America/Toronto \
    --now 2026-11-01T00:00:00Z --no-relative)
  peer=$(measure "python peer $format" "$work/peer.$format" \
    python3 "$tools/peer_python.py" "$work/tasks.plist" "$format" fr_CA America/Toronto)
  python3 -c "print(f'  speed-up {\"$format\"}: {float($peer)/max(float($ours),1e-3):.1f}x')"
done
