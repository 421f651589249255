#!/usr/bin/env bash
# The HTML report in a real browser: renders the shipped example in fr_CA, de_DE, ar_EG and
# ja_JP, opens a test copy of each page (with Scripts/browser/layout-check.js injected) in
# Debian's headless chromium at 390, 640 and 1200 px, and reads the verdict the script writes
# into the DOM (--dump-dom): no overlapping text boxes, no horizontal overflow, each day
# section's dir matching the locale, times on one line. Screenshots of the unmodified pages go
# to .artifacts/screenshots/LOCALE-WIDTH.png (git-ignored; kept as CI artifacts).
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

# chromium's sandbox needs user namespaces, absent in containers run as root.
run_browser() {
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
    --disable-dev-shm-usage --user-data-dir="$work/profile" --virtual-time-budget=2000 "$@" 2>>"$work/browser.log"
}
echo '<!doctype html><title>t</title><p>ok' >"$work/probe.html"
if ! run_browser --dump-dom "file://$work/probe.html" | grep -q '<p>ok'; then
  echo "SKIP: chromium cannot run here ($browser); install it with apt-get install -y chromium"
  tail -n 5 "$work/browser.log" 2>/dev/null || true
  exit 2
fi

passed=0
failed=0
for locale in fr_CA de_DE ar_EG ja_JP; do
  page=$work/$locale.html
  "$tool" Examples/listeDesTaches.plist --locale "$locale" --time-zone America/Toronto \
    --now 2026-11-30T14:00:00Z --format html >"$page"
  direction=ltr
  [[ $locale == ar_* ]] && direction=rtl
  for width in 390 640 1200; do
    probe=$work/$locale-$width.check.html
    {
      sed -e '/<\/body>/,$d' "$page"
      echo "<script>window.expectedDirection = '$direction';</script>"
      echo "<script>$(cat "$root/Scripts/browser/layout-check.js")</script>"
      echo '</body></html>'
    } >"$probe"
    # Headless windows are at least 500 px wide: the page goes in a frame of the width under
    # test, tall enough that it never scrolls (a scroll bar would narrow it).
    frame() {
      echo "<!doctype html><html><head><meta charset=utf-8><title>$locale $width</title></head>"
      echo "<body style='margin:0'><iframe src='$(basename "$1")' width='$width' height='$2' style='border:0;display:block'></iframe>"
      echo "<script>addEventListener('message', function (e) { var p = document.createElement('pre');"
      echo "p.id = 'layout-verdict'; p.textContent = e.data; document.body.appendChild(p); });</script></body></html>"
    }
    frame "$probe" 20000 >"$work/$locale-$width.host.html"
    verdict=$(run_browser --window-size="$((width < 500 ? 500 : width)),900" --dump-dom "file://$work/$locale-$width.host.html" |
      sed -n 's/.*<pre id="layout-verdict">\(.*\)<\/pre>.*/\1/p' | sed -e 's/&quot;/"/g' -e 's/&amp;/\&/g')
    height=$(sed -n 's/.*"height":\([0-9]*\).*/\1/p' <<<"$verdict")
    if [[ $verdict == '{"ok":true'* ]]; then
      passed=$((passed + 1))
      echo "PASS $locale $width px: $verdict"
    else
      failed=$((failed + 1))
      echo "FAIL $locale $width px: ${verdict:-no verdict in the DOM}"
    fi
    height=${height:-900}
    frame "$page" "$height" >"$work/$locale-$width.shot.html"
    if run_browser --window-size="$((width < 500 ? 500 : width)),$height" --screenshot="$work/shot.png" \
      "file://$work/$locale-$width.shot.html" >/dev/null 2>&1; then
      convert "$work/shot.png" -crop "${width}x${height}+0+0" +repage "$shots/$locale-$width.png"
    else
      echo "     (no screenshot for $locale $width px)"
    fi
  done
done
echo "$passed passed, $failed failed"
((failed == 0))
