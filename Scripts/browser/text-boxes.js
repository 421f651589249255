// Injected into a test copy of an HTML page (Scripts/browser-dark-check.sh).
// Once fonts are loaded, lists where every piece of text is drawn: one box
// per line of each text node, as [x, y, width, height, part, label], where
// part is "badge" (an importance badge), "overdue" or "today" (inside that
// frame) or "text". The screenshot of the same page is then read at those
// boxes (Scripts/browser/contrast.py). The list goes to the host page (the
// page is shown in a frame of the width under test), which writes it into
// the DOM for `chromium --dump-dom`.
(function () {
  // A badge: an inline box with rounded corners (style/badge); the frames
  // are sections (blocks) with a class.
  function isBadge(element) {
    for (var e = element; e && e !== document.body; e = e.parentElement) {
      var style = getComputedStyle(e);
      if (style.display === "inline" && style.borderTopLeftRadius !== "0px") return true;
    }
    return false;
  }
  function partOf(element) {
    if (isBadge(element)) return "badge";
    if (element.closest(".overdue")) return "overdue";
    if (element.closest(".today")) return "today";
    return "text";
  }
  function collect() {
    var boxes = [];
    var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      var text = node.textContent.trim();
      var parent = node.parentElement;
      if (!text || !parent || parent.closest("script, style, title")) continue;
      var range = document.createRange();
      range.selectNodeContents(node);
      Array.from(range.getClientRects()).forEach(function (r) {
        if (r.width < 1 || r.height < 1) return;
        boxes.push([r.left, r.top, r.width, r.height, partOf(parent),
          parent.tagName.toLowerCase() + "[" + text.slice(0, 24) + "]"]);
      });
    }
    var report = JSON.stringify({ boxes: boxes, height: Math.ceil(document.body.getBoundingClientRect().bottom) });
    if (window.parent !== window) window.parent.postMessage(report, "*");
  }
  window.addEventListener("load", function () { document.fonts.ready.then(collect); });
})();
