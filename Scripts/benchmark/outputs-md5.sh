#!/usr/bin/env bash
# The md5 of every format's output for one task list, with each format's
# default options and a few others: a change meant to be pure speed must
# leave them all as they were. The mail's Date, Message-ID and MIME
# boundary (clock and random) are blanked first.
#
#   Scripts/benchmark/outputs-md5.sh BINARY LIST > before.txt   (then diff)
#   ONLY='^(ics|text)' Scripts/benchmark/outputs-md5.sh …     (the cases whose label matches)
set -uo pipefail
bin=$1
list=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
common=(--locale fr_CA --time-zone America/Toronto --now 2026-11-01T00:00:00Z --from 1900-01-01)
while read -r label options; do
  [[ $label =~ ${ONLY:-.} ]] || continue
  # shellcheck disable=SC2086 # options are words
  "$bin" "$list" "${common[@]}" $options >"$out/text" 2>"$out/err"
  status=$?
  sed -i -E 's/^(Date|Message-ID): .*/\1: X/; s/=_[0-9]*posttim_[0-9a-f_]*/BOUNDARY/g' "$out/text"
  echo "$label status=$status $(md5sum <"$out/text" | cut -c1-32) $(stat -c %s "$out/text") $(head -c 200 "$out/err")"
done <<'CASES'
csv --format csv
email --format email --mail-from a@example.org --mail-to b@example.org
html --format html
ics --format ics
json --format json
markdown --format markdown
text --format text
html-no-details --format html --no-details
email-details --format email --details --mail-from a@example.org --mail-to b@example.org
html-en_US-week --format html --locale en_US --group-by week
markdown-ja_JP --format markdown --locale ja_JP --no-relative
csv-bom --format csv --csv-bom
text-width-40 --format text --width 40
ics-remind --format ics --remind 15m,1d
email-attach-ics --format email --attach-ics --mail-from a@example.org --mail-to b@example.org
html-2-locales --format html --locale ar_EG
csv-2-locales --format csv --locale ar_EG
markdown-2-locales --format markdown --locale ar_EG
json-2-locales --format json --locale ar_EG
ics-2-locales --format ics --locale ar_EG
text-2-locales --format text --locale ar_EG
email-2-locales --format email --locale ar_EG --mail-from a@example.org --mail-to b@example.org
CASES
