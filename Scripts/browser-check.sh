#!/usr/bin/env bash
# The HTML report in a real browser: renders the shipped example in fr_CA, de_DE, ar_EG and
# ja_JP, and in five at once (fr_CA,ar_EG,ja_JP,he_IL,ru_RU: one page, a part per locale),
# opens a test copy of each page (with Scripts/browser/layout-check.js injected) in
# Debian's headless chromium at 390, 640 and 1200 px, and reads the verdict the script writes
# into the DOM (--dump-dom): no overlapping text boxes, no horizontal overflow, each day
# section's dir matching the locale, times on one line. Then a phone's first screen (390×844)
# with 20 overdue tasks that have descriptions, as an HTML page and as the e-mail's HTML part:
# today's first task must be on it. Screenshots of the unmodified pages go to
# .artifacts/screenshots/ (LOCALE-WIDTH.png, phone-*-390x844.png; git-ignored; kept as CI artifacts).
#
# Usage: Scripts/browser-check.sh [PATH/TO/posttim-report]
# Needs: chromium (apt-get install -y chromium), imagemagick (to crop), fonts-noto-core and fonts-noto-cjk for the
#   Arabic and Japanese glyphs. Exits 2 when chromium cannot run (the caller skips), 1 on any
#   failed check. Prints one PASS/FAIL line per page and width, then "N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
source "$root/Scripts/lib/tool-path.sh"
browser=${CHROMIUM:-chromium}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shots=$root/.artifacts/screenshots
mkdir -p "$shots"

source "$root/Scripts/browser/chromium.sh"

passed=0
failed=0

# Control: a squeezed fixed-layout table (the old report's fault) must be caught.
probe_page() {  # probe_page PAGE DIRECTION OUTPUT [SCREEN]: PAGE with the checking script injected
  {
    sed -e '/<\/body>/,$d' "$1"
    if [[ -n ${4:-} ]]; then  # a phone page: today's first task within the first SCREEN pixels
      echo "<script>window.firstScreenHeight = $4;</script>"
    fi
    if [[ $2 == multi ]]; then  # one part per locale (-l A,B,…): each part's sections in its own direction
      echo "<script>window.expectedDirections = {'fr-CA': 'ltr', 'ar-EG': 'rtl', 'ja-JP': 'ltr', 'he-IL': 'rtl', 'ru-RU': 'ltr'};</script>"
    fi
    echo "<script>window.expectedDirection = '$2';</script>"
    echo "<script>$(cat "$root/Scripts/browser/layout-check.js")</script>"
    echo '</body></html>'
  } >"$3"
}
tally() {  # tally NAME VERDICT: one PASS or FAIL line for a page's verdict
  if [[ $2 == '{"ok":true'* ]]; then
    passed=$((passed + 1))
    echo "PASS $1: $2"
  else
    failed=$((failed + 1))
    echo "FAIL $1: ${2:-no verdict in the DOM}"
  fi
}
verdict_of() {  # verdict_of HOST WIDTH: the verdict JSON the checking script wrote
  run_browser --window-size="$(($2 < 500 ? 500 : $2)),900" --dump-dom "file://$1" |
    sed -n 's/.*<pre id="layout-verdict">\(.*\)<\/pre>.*/\1/p' | sed -e 's/&quot;/"/g' -e 's/&amp;/\&/g'
}
cat >"$work/control.html" <<'HTML'
<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>control</title></head><body>
<main><section dir="ltr" aria-labelledby="h"><h2 id="h">Control</h2>
<table style="table-layout:fixed;width:100%"><colgroup><col style="width:45%"><col style="width:10%"><col style="width:45%"></colgroup>
<tr><th scope="col">Heure</th><th scope="col">Importance</th><th scope="col">Description</th></tr></table></section></main>
</body></html>
HTML
probe_page "$work/control.html" ltr "$work/control.check.html"
frame "$work/control.check.html" 390 2000 >"$work/control.host.html"
verdict=$(verdict_of "$work/control.host.html" 390)
if [[ $verdict == '{"ok":false'*overlap* ]]; then
  passed=$((passed + 1))
  echo "PASS control: a squeezed table header is reported: $verdict"
else
  failed=$((failed + 1))
  echo "FAIL control: a squeezed table header went unnoticed: ${verdict:-no verdict in the DOM}"
fi
# "multi": one page for five locales in one run (-l fr_CA,ar_EG,ja_JP,he_IL,ru_RU).
for locale in multi fr_CA de_DE ar_EG ja_JP; do
  page=$work/$locale.html
  arguments=(--locale "$locale")
  # Overdue and today, no details part (the one-locale pages check it): five locales then have no
  # more boxes than one locale's whole page (the overlap check compares every pair), so the
  # check stays within chromium's time limit on a loaded machine.
  [[ $locale == multi ]] && arguments=(--locale fr_CA,ar_EG,ja_JP,he_IL,ru_RU --to 2026-11-30 --no-details)
  "$tool" Examples/listeDesTaches.plist "${arguments[@]}" --time-zone America/Toronto \
    --now 2026-11-30T14:00:00Z --format html >"$page"
  direction=ltr
  [[ $locale == ar_* ]] && direction=rtl
  [[ $locale == multi ]] && direction=multi
  for width in 390 640 1200; do
    probe=$work/$locale-$width.check.html
    probe_page "$page" "$direction" "$probe"
    # Headless windows are at least 500 px wide: the page goes in a frame of the width under
    # test, tall enough that it never scrolls (a scroll bar would narrow it).
    frame "$probe" "$width" 20000 >"$work/$locale-$width.host.html"
    verdict=$(verdict_of "$work/$locale-$width.host.html" "$width")
    height=$(sed -n 's/.*"height":\([0-9]*\).*/\1/p' <<<"$verdict")
    tally "$locale $width px" "$verdict"
    height=${height:-900}
    ((height > 16000)) && height=16000  # chromium draws no taller screenshot (the five-locale page at 390 px)
    frame "$page" "$width" "$height" >"$work/$locale-$width.shot.html"
    if run_browser --window-size="$((width < 500 ? 500 : width)),$height" --screenshot="$work/shot.png" \
      "file://$work/$locale-$width.shot.html" >/dev/null 2>&1; then
      convert "$work/shot.png" -crop "${width}x${height}+0+0" +repage "$shots/$locale-$width.png"
    else
      echo "     (no screenshot for $locale $width px)"
    fi
  done
done

# A phone's first screen (390×844) with 20 overdue tasks that have descriptions: today's heading
# and first task must be on it, in the HTML page and in the e-mail's HTML part.
python3 - "$work/overdue.plist" <<'PYTHON'
import datetime, plistlib, sys
tasks = [{"tache": f"Retard {n}: rendre le travail du groupe {n}", "importance": str(2 + n % 7),
          "date": datetime.datetime(2026, 11, 9 + n, 15, 0),
          "description": f"Travail {n} du groupe B, à déposer sur le portail puis à remettre en classe.\n"
                         f"Prévenir la direction si le dépôt n° {n} échoue encore."} for n in range(1, 21)]
tasks += [{"tache": f"Aujourd’hui {n}: cours de 3e secondaire", "importance": "5",
           "date": datetime.datetime(2026, 11, 30, 13 + n, 0), "description": "Salle 204."} for n in range(1, 4)]
with open(sys.argv[1], "wb") as output:
    plistlib.dump(tasks, output)
PYTHON
phone=(--locale fr_CA --time-zone America/Toronto --now 2026-11-30T14:00:00Z)
"$tool" "$work/overdue.plist" "${phone[@]}" --format html >"$work/phone-html.html"
"$tool" "$work/overdue.plist" "${phone[@]}" --format email --mail-from a@example.org --mail-to b@example.org \
  >"$work/phone.eml"
python3 -c '
import email, sys
from email import policy
message = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=policy.default)
sys.stdout.write(message.get_body(("html",)).get_content())' "$work/phone.eml" >"$work/phone-email.html"
for page in phone-html phone-email; do
  probe_page "$work/$page.html" ltr "$work/$page.check.html" 844
  frame "$work/$page.check.html" 390 20000 >"$work/$page.host.html"
  tally "$page 390x844, 20 overdue tasks" "$(verdict_of "$work/$page.host.html" 390)"
  frame "$work/$page.html" 390 844 >"$work/$page.shot.html"
  if run_browser --window-size=500,844 --screenshot="$work/shot.png" "file://$work/$page.shot.html" >/dev/null 2>&1; then
    convert "$work/shot.png" -crop 390x844+0+0 +repage "$shots/$page-390x844.png"
  else
    echo "     (no screenshot for $page)"
  fi
done
echo "$passed passed, $failed failed"
((failed == 0))
