#!/usr/bin/env python3
"""iCalendar report, read by the Python `icalendar` library, plus RFC 5545 line rules.

Usage: check_ics.py FIRST.ics SECOND.ics TASKS.plist REPORT.json

FIRST and SECOND are two renders of the same list: their UIDs must be equal. SUMMARY and
DESCRIPTION must equal the task's title and description, with CR LF, CR, NEL, U+2028 and U+2029
read as LF (iCalendar TEXT has a single line break, `\\n`); an empty title is the report's
placeholder (the JSON report's displayTitle), never an empty SUMMARY.
"""
import datetime

import icalendar

from common import Checker, agenda_order, json_tasks, load_tasks, main_guard, normalize_newlines


def lines_ok(check, data, name):
    check.expect(data.endswith(b"\r\n"), f"{name}: ends with CRLF")
    physical = data[:-2].split(b"\r\n")
    for number, line in enumerate(physical, start=1):
        check.expect(len(line) <= 75, f"{name} line {number}: {len(line)} octets")
        check.expect(b"\n" not in line and b"\r" not in line, f"{name} line {number}: bare CR or LF")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            check.expect(False, f"{name} line {number}: a fold splits a UTF-8 sequence")


def events(path):
    data = open(path, "rb").read()
    return data, icalendar.Calendar.from_ical(data)


def run(argv):
    first, second, plist, json_path = argv
    check = Checker("ics")
    tasks = load_tasks(plist)
    order, document = agenda_order(json_path)
    shown = json_tasks(document)
    data, calendar = events(first)
    data2, calendar2 = events(second)
    lines_ok(check, data, "first")
    check.equal(str(calendar["VERSION"]), "2.0", "VERSION")
    check.expect(str(calendar["PRODID"]).startswith("-//Post'TIM//posttim-report "), "PRODID")
    check.equal(str(calendar["CALSCALE"]), "GREGORIAN", "CALSCALE")
    found = calendar.walk("VEVENT")
    check.equal(len(found), len(tasks), "one VEVENT per task")
    uids = [str(event["UID"]) for event in found]
    check.equal(uids, [str(event["UID"]) for event in calendar2.walk("VEVENT")], "UIDs equal across two runs")
    check.equal(len(set(uids)), len(uids), "UIDs unique")
    now = datetime.datetime(2026, 11, 30, 14, 0, tzinfo=datetime.timezone.utc)
    for number, (event, index, shown_task) in enumerate(zip(found, order, shown), start=1):
        item = tasks[index]
        where = f"event {number} (entry {index + 1})"
        title = normalize_newlines(item["tache"]) or shown_task["displayTitle"]
        check.expect(title != "", f"{where}: an empty title has a placeholder")
        check.equal(str(event.get("SUMMARY")), title, f"{where} SUMMARY")
        description = normalize_newlines(item.get("description", ""))
        check.equal(str(event.get("DESCRIPTION", "")), description, f"{where} DESCRIPTION")
        check.expect(description != "" or "DESCRIPTION" not in event, f"{where}: empty DESCRIPTION written")
        start = item["date"].replace(tzinfo=datetime.timezone.utc)
        check.equal(event.decoded("DTSTART"), start, f"{where} DTSTART")
        check.equal(event.decoded("DTSTAMP"), now, f"{where} DTSTAMP")
        check.equal(int(event["PRIORITY"]), 10 - int(item["importance"]), f"{where} PRIORITY")
        check.expect(str(event["UID"]).endswith("@posttim-report"), f"{where} UID {event['UID']}")
    return check.finish()


main_guard(run)
