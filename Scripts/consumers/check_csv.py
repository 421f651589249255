#!/usr/bin/env python3
"""CSV report, read by Python's csv module: every field equals the task list's value.

Usage: check_csv.py REPORT.csv TASKS.plist REPORT.json DELIMITER {bom|nobom} {neutralized|raw}

With `neutralized`, a title or description starting with = + - @ tab or CR must read back
with a leading ' (OWASP CSV injection); the other columns are never changed.
"""
import csv
import io

from common import Checker, agenda_order, iso_utc, json_tasks, load_tasks, main_guard

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def run(argv):
    report, plist, json_path, delimiter, bom, mode = argv
    delimiter = "\t" if delimiter == "\\t" else delimiter
    check = Checker(f"csv({delimiter!r},{bom},{mode})")
    data = open(report, "rb").read()
    check.equal(data.startswith(b"\xef\xbb\xbf"), bom == "bom", "starts with a UTF-8 BOM")
    text = data.decode("utf-8-sig" if bom == "bom" else "utf-8")
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True))
    tasks = load_tasks(plist)
    order, document = agenda_order(json_path)
    check.equal(rows[0], ["date", "tache", "importance", "description", "date_utc"], "header")
    check.equal(len(rows) - 1, len(tasks), "one row per task")
    check.expect(text.endswith("\r\n"), "CRLF after the last record")

    def expected(cell):
        return "'" + cell if mode == "neutralized" and cell.startswith(TRIGGERS) else cell

    for number, (row, index, view) in enumerate(zip(rows[1:], order, json_tasks(document)), start=2):
        item = tasks[index]
        if not check.equal(len(row), 5, f"row {number} field count"):
            continue
        check.equal(row[0], view["dateTime"], f"row {number} date")
        check.equal(row[1], expected(item["tache"]), f"row {number} tache")
        check.equal(row[2], str(int(item["importance"])), f"row {number} importance")
        check.equal(row[3], expected(item.get("description", "")), f"row {number} description")
        check.equal(row[4], iso_utc(item["date"]), f"row {number} date_utc")
    return check.finish()


main_guard(run)
