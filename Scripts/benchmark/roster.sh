#!/usr/bin/env bash
# roster.sh BINARY [COUNT] [ROUNDS] [FOLDER...]: `posttim-report roster`
# against a shell loop of one `posttim-report` per reader, side by side.
#
# The roster: COUNT readers (default 1000), 10 locales and zones, all due at
# --now, each the 24-task example list, written with -o DIR. The loop: the
# same messages, one `posttim-report --format email -o DIR/ID.eml --locale …
# --time-zone … --mail-to …` per reader, from a bash `while read` over the
# same CSV. Each FOLDER (default /dev/shm and /tmp) gets ROUNDS rounds
# (default 3), roster and loop interleaved; the table gives each round's
# wall and CPU (user + sys) and the medians.
#
#   Scripts/benchmark/roster.sh .build/release/posttim-report 1000 3 /dev/shm /tmp
#   RSS=1 Scripts/benchmark/roster.sh BINARY 2000 1 /dev/shm   # roster only, with peak RSS
#
# RSS=1 runs only the roster, under /usr/bin/time, and adds its peak RSS.
set -uo pipefail
binary=$(realpath "$1")
count=${2:-1000}
rounds=${3:-3}
shift $(($# < 3 ? $# : 3))
folders=("$@")
[ ${#folders[@]} -gt 0 ] || folders=(/dev/shm /tmp)
here=$(cd "$(dirname "$0")/../.." && pwd)
now=2026-12-01T12:00:00Z

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

# make_roster WORK: the list and the roster in WORK.
make_roster() {
  cp "$here/Examples/listeDesTaches.plist" "$1/tasks.plist"
  awk -v count="$count" -f "$here/Scripts/lib/roster-csv.awk" >"$1/roster.csv"
}

# run_roster WORK: prints "wall cpu rss_kb".
run_roster() {
  rm -rf "$1/out" "$1/state"
  mkdir "$1/out"
  /usr/bin/time -f '%e %U %S %M' -o "$1/time" "$binary" roster "$1/roster.csv" -o "$1/out" --state "$1/state" \
    --mail-from roster@example.org --now "$now" >"$1/roster.txt" 2>&1 || {
    echo "roster failed:" >&2
    tail -3 "$1/roster.txt" >&2
  }
  awk '{ printf "%.2f %.2f %d\n", $1, $2 + $3, $4 }' "$1/time"
}

# run_loop WORK: prints "wall cpu".
run_loop() {
  rm -rf "$1/loop"
  mkdir "$1/loop"
  local TIMEFORMAT='%R %U %S'
  {
    time (
      tail -n +2 "$1/roster.csv" | while IFS=, read -r id list _ locale zone to; do
        "$binary" "$1/$list" --format email -o "$1/loop/$id.eml" --locale "$locale" --time-zone "$zone" \
          --mail-to "$to" --mail-from roster@example.org --now "$now" || echo "loop: $id failed" >&2
      done
    )
  } 2>"$1/looptime"
  tail -1 "$1/looptime" | awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }'
}

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $count readers, $(nproc) cores, load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $binary"
for folder in "${folders[@]}"; do
  work=$(mktemp -d "$folder/roster-bench.XXXXXX")
  make_roster "$work"
  fs=$(df -T "$folder" | awk 'NR == 2 { print $2 }')
  if [ -n "${RSS:-}" ]; then
    echo "| $folder ($fs) | roster wall | roster cpu | peak RSS |"
    echo "| --- | ---: | ---: | ---: |"
    for round in $(seq "$rounds"); do
      read -r wall cpu rss < <(run_roster "$work")
      echo "| round $round | $wall s | $cpu s | $rss KB |"
    done
  else
    echo "| $folder ($fs) | roster wall | roster cpu | loop wall | loop cpu | loop/roster wall | cpu |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
    : >"$work/rounds"
    for round in $(seq "$rounds"); do
      # Interleaved, the order alternating: the machine's other load falls on both.
      if [ $((round % 2)) -eq 1 ]; then
        read -r rwall rcpu _ < <(run_roster "$work")
        read -r lwall lcpu < <(run_loop "$work")
      else
        read -r lwall lcpu < <(run_loop "$work")
        read -r rwall rcpu _ < <(run_roster "$work")
      fi
      echo "$rwall $rcpu $lwall $lcpu" >>"$work/rounds"
      awk -v r="$round" '{ printf "| round %s | %.2f s | %.2f s | %.2f s | %.2f s | %.1f× | %.1f× |\n", r, $1, $2, $3, $4, $3 / $1, $4 / $2 }' \
        <<<"$rwall $rcpu $lwall $lcpu"
      written=$(find "$work/out" -name '*.eml' | wc -l)
      looped=$(find "$work/loop" -name '*.eml' | wc -l)
      [ "$written" -eq "$count" ] && [ "$looped" -eq "$count" ] ||
        echo "# round $round: the roster wrote $written, the loop $looped of $count" >&2
    done
    rw=$(cut -d' ' -f1 "$work/rounds" | median)
    rc=$(cut -d' ' -f2 "$work/rounds" | median)
    lw=$(cut -d' ' -f3 "$work/rounds" | median)
    lc=$(cut -d' ' -f4 "$work/rounds" | median)
    awk '{ printf "| median | %.2f s | %.2f s | %.2f s | %.2f s | %.1f× | %.1f× |\n", $1, $2, $3, $4, $3 / $1, $4 / $2 }' \
      <<<"$rw $rc $lw $lc"
  fi
  rm -rf "$work"
done
echo "# load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
