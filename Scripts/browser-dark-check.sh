#!/usr/bin/env bash
# Text contrast as the reader sees it, in light mode, in the page's own dark scheme, and in
# the forced dark mode of Gmail's and Outlook's apps, which ignore the page's
# `prefers-color-scheme` rules and recolour its inline colours themselves
# (hteumeuleu/email-bugs #68). Chromium's forced dark mode (--force-dark-mode
# --enable-features=WebContentsForceDark) recolours the same way; it leaves alone a page that
# declares a dark scheme of its own, so the "forced" pages are copies without the <style>
# block and the color-scheme meta, as those apps read them.
# Pages: the e-mail's HTML part (fr_CA) and the HTML report (ar_EG: right to left, Arabic
# glyphs), at 390 px (a phone). Each text line's box comes from Scripts/browser/text-boxes.js, injected into the
# page; Scripts/browser/contrast.py reads the screenshot there: every text at 4.5:1 or more
# (WCAG 2.x AA). A control page with a 3.03:1 grey must be reported, its colour read exactly.
# Screenshots go to .artifacts/screenshots/dark-PAGE-VARIANT.png (git-ignored).
#
# Usage: Scripts/browser-dark-check.sh [PATH/TO/posttim-report]
# KEEP_WORK=DIR keeps the pages, boxes and screenshots there (for Scripts/browser/contrast.py).
# Needs: chromium, imagemagick, python3, fonts-noto-core. Exits 2 when chromium cannot run
# (the caller skips), 1 on any failed check. Prints one PASS/FAIL line per page and variant,
# then "N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
source "$root/Scripts/lib/tool-path.sh"
browser=${CHROMIUM:-chromium}
work=${KEEP_WORK:-$(mktemp -d)}
[[ -n ${KEEP_WORK:-} ]] || trap 'rm -rf "$work"' EXIT
shots=$root/.artifacts/screenshots
mkdir -p "$shots"
source "$root/Scripts/browser/chromium.sh"
width=390
dark_flags=(--force-dark-mode --enable-features=WebContentsForceDark)

passed=0
failed=0
count() { if [[ $1 == PASS* ]]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi; echo "$1"; }

# measure NAME PAGE [chromium flags…]: screenshot and text boxes of PAGE at $width, in one run;
# leaves $work/NAME.png and $work/NAME.dom.
measure() {
  local name=$1 page=$2
  shift 2
  {
    sed -e '/<\/body>/,$d' "$page"
    echo "<script>$(cat "$root/Scripts/browser/text-boxes.js")</script>"
    echo '</body></html>'
  } >"$work/$name.check.html"
  # A frame taller than the page: nothing scrolls, every box is in the screenshot.
  frame "$work/$name.check.html" "$width" 9000 >"$work/$name.host.html"
  run_browser "$@" --window-size=500,9000 --dump-dom --screenshot="$work/$name.raw.png" \
    "file://$work/$name.host.html" >"$work/$name.dom" || true
  local height
  height=$(python3 -c 'import html, json, re, sys
m = re.search(r"<pre id=\"layout-verdict\">(.*?)</pre>", open(sys.argv[1], encoding="utf-8").read(), re.S)
print(min(9000, json.loads(html.unescape(m.group(1)))["height"]) if m else 9000)' "$work/$name.dom")
  convert "$work/$name.raw.png" -crop "${width}x${height}+0+0" +repage "$work/$name.png" 2>/dev/null || true
}

# Control: 13 px text (the notes' size) in #595959 (7.0:1) and #949494 (3.03:1) on white.
cat >"$work/control.html" <<'HTML'
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>control</title></head>
<body style="margin:0;padding:12px;background-color:#ffffff;font-family:'Noto Sans',sans-serif;font-size:13px">
<p style="color:#595959">Fuseau horaire : heure de l’Est</p><p style="color:#949494">4 tâches, en gris trop pâle</p>
</body></html>
HTML
measure control "$work/control.html"
verdict=$(python3 "$root/Scripts/browser/contrast.py" "$work/control.png" "$work/control.dom" control) || true
if [[ $verdict == "FAIL control: 1 of 2 text boxes under 4.5:1: 3.03:1 "*"#949494 on #ffffff" ]]; then
  count "PASS control: a 3.03:1 grey is reported, its colour read exactly: ${verdict#FAIL control: }"
else
  count "FAIL control: the 3.03:1 grey went unnoticed or was misread: $verdict"
fi

tool_args=(Examples/listeDesTaches.plist --time-zone America/Toronto --now 2026-11-30T14:00:00Z)
"$tool" "${tool_args[@]}" --locale ar_EG --format html >"$work/report.html"
"$tool" "${tool_args[@]}" --locale fr_CA --format email --mail-from agenda@example.org --mail-to zoe@example.org |
  python3 -c 'import email, sys
from email import policy
message = email.message_from_binary_file(sys.stdin.buffer, policy=policy.default)
html = next(p for p in message.walk() if p.get_content_type() == "text/html").get_content()
sys.stdout.write(html.replace("\r\n", "\n"))' >"$work/mail.html"
for page in mail report; do
  # As Gmail's and Outlook's apps read it: no <style> block, no color-scheme meta.
  sed -e '/<style>/,/<\/style>/d' -e '/<meta name="color-scheme"/d' "$work/$page.html" >"$work/$page-forced.html"
  for variant in light dark forced; do
    name=$page-$variant
    source_page=$work/$page.html
    flags=("${dark_flags[@]}")
    [[ $variant == light ]] && flags=()
    [[ $variant == forced ]] && source_page=$work/$page-forced.html
    measure "$name" "$source_page" "${flags[@]}"
    cp "$work/$name.png" "$shots/dark-$name.png" 2>/dev/null || true
    count "$(python3 "$root/Scripts/browser/contrast.py" "$work/$name.png" "$work/$name.dom" "$page $variant $width px")" || true
  done
done
echo "$passed passed, $failed failed"
((failed == 0))
