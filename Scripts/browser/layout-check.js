// Injected into a test copy of an HTML report (Scripts/browser-check.sh).
// Once fonts are loaded, checks the layout as the reader's browser lays it
// out, and writes the verdict into the DOM, which `chromium --dump-dom` prints
// (the page is opened in a frame of the width under test, see the script):
//   - no two text boxes overlap (headings, paragraphs, times, titles,
//     badges, descriptions, index and detail lines; 2 px tolerance for
//     fonts whose content area exceeds the line height);
//   - no horizontal overflow (scrollWidth <= clientWidth);
//   - every day section's dir attribute and computed direction are the
//     expected one (window.expectedDirection, set by the script), and it is
//     named by its heading (aria-labelledby);
//   - every time (agenda rows, details) stays on one line;
//   - with window.firstScreenHeight set (a phone page), today's heading and first task end
//     within that many pixels from the top.
(function () {
  function rectsOf(element) {
    return Array.from(element.getClientRects()).filter(function (r) { return r.width > 0 && r.height > 0; });
  }
  // The element's boxes and the boxes of its text, which may overflow them
  // (a long word in a narrow table cell).
  function boxesOf(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    return rectsOf(element).concat(
      Array.from(range.getClientRects()).filter(function (r) { return r.width > 0 && r.height > 0; }));
  }
  function name(element) {
    var text = (element.textContent || "").trim().slice(0, 30);
    return element.tagName.toLowerCase() + "[" + text + "]";
  }
  function check() {
    var problems = [];
    var selector = "h1, h2, p, th, td, li > b, li > span, li > div, article > b, article > span, nav li > a, nav li > span";
    var boxes = Array.from(document.querySelectorAll(selector));
    var tolerance = 2;
    for (var i = 0; i < boxes.length; i++) {
      for (var j = i + 1; j < boxes.length; j++) {
        var a = boxes[i], b = boxes[j];
        if (a.contains(b) || b.contains(a)) continue;
        var boxesB = boxesOf(b);
        boxesOf(a).forEach(function (ra) {
          boxesB.forEach(function (rb) {
            var w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
            var h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
            if (w > tolerance && h > tolerance) {
              problems.push("overlap " + name(a) + " / " + name(b) + " (" + w.toFixed(1) + "x" + h.toFixed(1) + ")");
            }
          });
        });
      }
    }
    var root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push("horizontal overflow: scrollWidth " + root.scrollWidth + " > clientWidth " + root.clientWidth);
    }
    // A several-locale page holds each part's details section too: day sections have an id.
    var sections = document.querySelectorAll(window.expectedDirections ? "main section[id]" : "main section");
    if (sections.length === 0) problems.push("no day section");
    sections.forEach(function (section) {
      var dir = section.getAttribute("dir");
      var computed = getComputedStyle(section).direction;
      var label = document.getElementById(section.getAttribute("aria-labelledby") || "");
      if (!label || !label.textContent.trim()) problems.push("section " + section.id + " has no accessible name");
      // A several-locale page names each part's direction by its lang (window.expectedDirections).
      var part = section.parentElement && section.parentElement.closest("[lang]");
      var expected = window.expectedDirections && part ? window.expectedDirections[part.getAttribute("lang")]
        : window.expectedDirection;
      if (dir !== expected || computed !== expected) {
        problems.push("section " + section.id + ": dir=" + dir + ", computed " + computed + ", expected " + expected);
      }
    });
    // Bidi runs give one rect each; a time on one line has them all at one top.
    document.querySelectorAll("li > b, article span > span").forEach(function (time) {
      var tops = rectsOf(time).map(function (r) { return Math.round(r.top); });
      if (Math.max.apply(null, tops) - Math.min.apply(null, tops) > tolerance) {
        problems.push("time broken over lines: " + name(time));
      }
    });
    // A phone's first screen (window.firstScreenHeight, set by the script): today's heading and
    // first task must end within it, however many tasks are overdue.
    var todayBottom = null;
    var today = document.querySelector("main section.today");
    if (today) {
      var first = today.querySelector("li") || today.querySelector("h2");
      todayBottom = Math.ceil(first.getBoundingClientRect().bottom + window.scrollY);
    }
    if (window.firstScreenHeight) {
      if (todayBottom === null) problems.push("no section for today");
      else if (todayBottom > window.firstScreenHeight) {
        problems.push("today's first task ends at " + todayBottom + " px, below the first screen (" +
          window.firstScreenHeight + " px)");
      }
    }
    var verdict = JSON.stringify({
      ok: problems.length === 0, boxes: boxes.length, sections: sections.length, todayBottom: todayBottom,
      width: root.clientWidth, height: Math.ceil(document.body.getBoundingClientRect().bottom), problems: problems.slice(0, 20)
    });
    // In a frame (headless windows are at least 500 px wide, so narrower
    // widths are frames of that width), the host page prints the verdict.
    if (window.parent !== window) window.parent.postMessage(verdict, "*");
    var pre = document.createElement("pre");
    pre.id = "layout-verdict";
    pre.textContent = verdict;
    document.body.appendChild(pre);
  }
  window.addEventListener("load", function () { document.fonts.ready.then(check); });
})();
