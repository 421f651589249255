#!/usr/bin/env python3
"""Markdown report rendered by a GFM reader (`cmark-gfm -e table -e autolink -e strikethrough
-e tagfilter -e tasklist --unsafe`, or markdown-it-py, see render_markdown_it.py): one <tr> per
task in the table bodies, each cell's text equal to the task's value, and every link a URL
that appears verbatim in the task (autolinks only: no markup of the task's text survives).

Usage: check_markdown.py RENDERED.html TASKS.plist REPORT.json

Comparison rules (what GFM tables can hold): `<br>` is a line break, and the task's CR LF,
CR, U+2028 and U+2029 are compared as LF; spaces and tabs at the ends of a cell are trimmed
(GFM strips them); an empty title shows as the report's `displayTitle`. A value holding a bidi
embedding, override or isolate (U+202A-U+202E, U+2066-U+2069) is expected wrapped in FSI...PDI
with its isolates balanced (docs/usage.md, "Output formats"). `--unsafe` lets raw
HTML through, so any tag in a cell other than <br> and <a> (an autolinked URL) means
escaping failed. A link's target is compared with `mailto:` or the `http://` the reader puts
before `www.` removed, and percent-escapes decoded.
"""
import html.parser
import urllib.parse

from common import Checker, agenda_order, json_tasks, load_tasks, main_guard


class Tables(html.parser.HTMLParser):
    """Rows of <tbody>: lists of cell texts; records unexpected tags inside cells."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows, self.stray, self.in_body, self.cell = [], [], False, None
        self.links = []  # per row: the link targets in its cells

    def handle_starttag(self, tag, attrs):
        if tag == "tbody":
            self.in_body = True
        elif tag == "tr" and self.in_body:
            self.rows.append([])
            self.links.append([])
        elif tag == "td" and self.in_body:
            self.cell = []
        elif tag == "br" and self.cell is not None:
            self.cell.append("\n")
        elif tag == "a" and self.cell is not None:
            self.links[-1].append(dict(attrs).get("href", ""))
        elif self.cell is not None:
            self.stray.append(tag)

    def handle_endtag(self, tag):
        if tag == "tbody":
            self.in_body = False
        elif tag == "td" and self.cell is not None:
            self.rows[-1].append("".join(self.cell))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


BIDI_CONTROLS = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def isolated(text):
    """The rule of docs/usage.md, "Output formats": unmatched PDIs dropped, open isolates closed, FSI...PDI around."""
    if not BIDI_CONTROLS.intersection(text):
        return text
    kept, depth = [], 0
    for character in text:
        if character in "\u2066\u2067\u2068":
            depth += 1
        elif character == "\u2069":
            if depth == 0:
                continue
            depth -= 1
        kept.append(character)
    return "\u2068" + "".join(kept) + "\u2069" * (depth + 1)


def normalized(text):
    for line_break in ("\r\n", "\r", "\u2028", "\u2029"):
        text = text.replace(line_break, "\n")
    return isolated(text).strip(" \t")


def link_target(href):
    """What the task must hold verbatim for this link."""
    for prefix in ("mailto:", "http://www."):
        if href.startswith(prefix):
            href = href[len(prefix):] if prefix == "mailto:" else "www." + href[len(prefix):]
    return urllib.parse.unquote(href)


def run(argv):
    rendered, plist, json_path = argv
    check = Checker("markdown")
    parser = Tables()
    parser.feed(open(rendered, encoding="utf-8").read())
    tasks = load_tasks(plist)
    order, document = agenda_order(json_path)
    check.equal(parser.stray, [], "tags inside cells other than <br> (escaping failed)")
    check.equal(len(parser.rows), len(tasks), "one <tr> per task in the table bodies")
    for number, (row, index, view) in enumerate(zip(parser.rows, order, json_tasks(document)), start=1):
        item = tasks[index]
        where = f"row {number} (entry {index + 1})"
        if not check.equal(len(row), 4, f"{where} cell count"):
            continue
        title = item["tache"] or view["displayTitle"]
        check.equal(row[1], normalized(title), f"{where} title")
        check.equal(row[2], str(int(item["importance"])), f"{where} importance")
        check.equal(row[3], normalized(item.get("description", "")), f"{where} description")
        text = item["tache"] + "\n" + item.get("description", "")
        for href in parser.links[number - 1]:
            target = link_target(href)
            check.equal(target in text, True, f"{where} link {href!r} is a URL of the task ({target!r})")
    return check.finish()


main_guard(run)
