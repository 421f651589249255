#!/bin/sh
# roster-kill-check.sh BINARY [N]: a roster of N readers (10 locales, default
# 1000) written through -o DIR is killed with SIGKILL a third of the way
# through, then run again. Checks that each reader then has exactly one
# complete message (DIR holds N files ID.eml and nothing else, each ending
# with its MIME closing boundary, each with its reader's Message-ID) and that
# the journal holds one record per reader. Prints PASS/FAIL lines and
# "N passed, M failed"; exits 1 when a check failed.
set -u
binary=$1
count=${2:-1000}
work=$(mktemp -d "${TMPDIR:-/tmp}/roster-kill.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
passed=0
failed=0
check() { # check DESCRIPTION COMMAND...
  description=$1
  shift
  if "$@"; then
    echo "PASS $description"
    passed=$((passed + 1))
  else
    echo "FAIL $description"
    failed=$((failed + 1))
  fi
}

cat >"$work/tasks.plist" <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<array>
	<dict><key>date</key><date>2026-12-01T15:00:00Z</date><key>description</key><string>Salle B-204</string>
	<key>importance</key><string>5</string><key>tache</key><string>Réunion d'équipe</string></dict>
	<dict><key>date</key><date>2026-12-02T13:30:00Z</date><key>description</key><string></string>
	<key>importance</key><string>8</string><key>tache</key><string>Remettre le TP #3</string></dict>
</array>
</plist>
PLIST
awk -v count="$count" -f "$(dirname "$0")/lib/roster-csv.awk" >"$work/roster.csv"
mkdir "$work/out"
run() {
  "$binary" roster "$work/roster.csv" -o "$work/out" --state "$work/state" --mail-from roster@example.org \
    --now 2026-12-01T12:00:00Z
}
written() { find "$work/out" -name '*.eml' | wc -l; }

# exec: $! is the roster process itself, not a shell around it.
(exec "$binary" roster "$work/roster.csv" -o "$work/out" --state "$work/state" --mail-from roster@example.org \
  --now 2026-12-01T12:00:00Z >"$work/first.txt" 2>&1) &
pid=$!
while [ "$(written)" -lt $((count / 3)) ] && kill -0 "$pid" 2>/dev/null; do sleep 0.02; done
kill -KILL "$pid" 2>/dev/null
wait "$pid"
killed_status=$?
check "the first run was killed by SIGKILL part way ($(written) of $count written)" \
  test "$killed_status" -eq 137 -a "$(written)" -lt "$count"
run >"$work/second.txt" 2>&1
status=$?
check "the re-run exits 0" test "$status" -eq 0
check "the re-run's summary adds up to $count" \
  grep -Eq "^roster: [0-9]+ written, 0 not due, [0-9]+ already written, 0 failed$" "$work/second.txt"
check "the folder holds exactly $count files, all ID.eml (no temporary file left)" \
  test "$(ls -A "$work/out" | wc -l)" -eq "$count" -a "$(written)" -eq "$count"
# Each message complete: its last line is its own closing boundary, and its
# Message-ID names its reader's day.
incomplete=$(find "$work/out" -name '*.eml' | sort | xargs awk '
  FNR == 1 { if (NR > 1) verdict(); boundary = ""; last = ""; id = "" }
  /boundary="/ { match($0, /boundary="[^"]*"/); boundary = substr($0, RSTART + 10, RLENGTH - 11) }
  /^Message-ID: <posttim-roster\.[0-9a-f]+\.20261201@example\.org>/ { id = 1 }
  { sub(/\r$/, ""); if ($0 != "") last = $0 }
  function verdict() { if (boundary == "" || last != "--" boundary "--" || !id) print previous }
  { previous = FILENAME }
  END { verdict() }' | wc -l)
check "every message is complete (closing boundary, the reader's Message-ID)" test "$incomplete" -eq 0
# The first line names the roster; every other is a record.
records=$(grep -v '^# roster: ' "$work/state/roster.journal" | cut -f1 | sort -u | wc -l)
lines=$(grep -vc '^# roster: ' "$work/state/roster.journal")
check "the journal records each reader once ($records readers, $lines lines)" \
  test "$records" -eq "$count" -a "$lines" -eq "$count"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
