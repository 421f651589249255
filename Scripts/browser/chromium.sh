# Sourced by Scripts/browser-check.sh and Scripts/browser-dark-check.sh: Debian's headless
# chromium on a scratch profile in $work ($browser: the program). Exits the caller with 2,
# after a SKIP line, when chromium cannot run here.

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

# frame PAGE WIDTH HEIGHT: a host page showing PAGE in a frame of that size (headless
# windows are at least 500 px wide), writing the message the page posts into
# <pre id="layout-verdict">, which --dump-dom prints.
frame() {
  echo "<!doctype html><html><head><meta charset=utf-8><title>frame</title></head>"
  echo "<body style='margin:0'><iframe src='$(basename "$1")' width='$2' height='$3' style='border:0;display:block'></iframe>"
  echo "<script>addEventListener('message', function (e) { var p = document.createElement('pre');"
  echo "p.id = 'layout-verdict'; p.textContent = e.data; document.body.appendChild(p); });</script></body></html>"
}
