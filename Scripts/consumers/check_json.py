#!/usr/bin/env python3
"""JSON report, read by Python's json module: every member of docs/json-schema.md is present
with its type, and task values equal the task list's.

Usage: check_json.py REPORT.json TASKS.plist
"""
import json

from common import KNOWN_KEYS, Checker, iso_utc, load_tasks, main_guard, plist_text

TOP = {"schemaVersion": int, "generator": dict, "locale": dict, "timeZone": str, "now": str, "today": str,
       "title": str, "taskCount": int, "totalLine": str, "sections": list}
SECTION = {"id": str, "kind": str, "title": str, "date": (str, type(None)), "count": int, "countLine": str,
           "tasks": list}
TASK = {"id": str, "title": str, "displayTitle": str, "importance": int, "description": str, "dateUTC": str,
        "dateLocal": str, "when": str, "dateTime": str, "exactWhen": str, "extraFields": dict, "source": dict}


def typed(check, obj, schema, where):
    check.equal(list(obj.keys()), list(schema.keys()), f"{where}: members in order")
    for key, kind in schema.items():
        if check.expect(key in obj, f"{where}: missing {key}"):
            value = obj[key]
            ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
            check.expect(ok, f"{where}.{key}: {type(value).__name__}, expected {kind}")


def run(argv):
    report, plist = argv
    check = Checker("json")
    with open(report, "rb") as handle:
        document = json.load(handle)
    tasks = load_tasks(plist)
    typed(check, document, TOP, "$")
    check.equal(document["schemaVersion"], 1, "schemaVersion")
    check.equal(sorted(document["generator"]), ["name", "version"], "generator members")
    check.equal(document["generator"]["name"], "posttim-report", "generator.name")
    check.equal(list(document["locale"]), ["id", "languageTag", "direction"], "locale members")
    check.equal(document["locale"]["id"], "fr_CA", "locale.id")
    check.equal(document["locale"]["languageTag"], "fr-CA", "locale.languageTag")
    check.equal(document["timeZone"], "America/Toronto", "timeZone")
    check.equal(document["now"], "2026-11-30T14:00:00Z", "now")
    check.equal(document["today"], "2026-11-30", "today")
    check.equal(document["taskCount"], len(tasks), "taskCount")
    seen = []
    for s, section in enumerate(document["sections"]):
        typed(check, section, SECTION, f"sections[{s}]")
        check.expect(section["kind"] in ("overdue", "day", "week"), f"sections[{s}].kind {section['kind']!r}")
        check.equal(section["count"], len(section["tasks"]), f"sections[{s}].count")
        for t, task in enumerate(section["tasks"]):
            where = f"sections[{s}].tasks[{t}]"
            typed(check, task, TASK, where)
            check.equal(sorted(task["source"]), ["entry", "file"], f"{where}.source members")
            entry = task["source"]["entry"]
            seen.append(entry)
            if not check.expect(1 <= entry <= len(tasks), f"{where}.source.entry {entry} out of range"):
                continue
            item = tasks[entry - 1]
            check.equal(task["title"], item["tache"], f"{where}.title")
            check.equal(task["description"], item.get("description", ""), f"{where}.description")
            check.equal(task["importance"], int(item["importance"]), f"{where}.importance")
            check.equal(task["dateUTC"], iso_utc(item["date"]), f"{where}.dateUTC")
            check.expect(task["dateLocal"][:19] != "" and task["dateLocal"][19:] in ("-05:00", "-04:00"),
                         f"{where}.dateLocal offset: {task['dateLocal']!r}")
            if item["tache"]:
                check.equal(task["displayTitle"], item["tache"], f"{where}.displayTitle")
            extra = {key: plist_text(value) for key, value in item.items() if key not in KNOWN_KEYS}
            check.equal(task["extraFields"], extra, f"{where}.extraFields")
            check.equal(list(task["extraFields"]), sorted(extra), f"{where}.extraFields order")
    check.equal(sorted(seen), list(range(1, len(tasks) + 1)), "every entry exactly once")
    ids = [task["id"] for section in document["sections"] for task in section["tasks"]]
    check.equal(len(set(ids)), len(ids), "task ids unique")
    return check.finish()


main_guard(run)
