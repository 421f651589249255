#!/usr/bin/env python3
"""The calendar a mail carries (--attach-ics --remind), read by real consumers.

    check-calendar.py BINARY parse     Python's email and icalendar, then khal
    check-calendar.py BINARY deliver   the same message through the local MTA

- Python's email (policy default) reads every part without defects; the
  message is multipart/mixed: the alternative (text, HTML), then
  text/calendar; method=PUBLISH named agenda.ics.
- icalendar parses the calendar: one VEVENT per task of the days shown (the
  overdue ones left out), the UIDs of --format ics, and on every event still
  to come exactly the VALARMs asked for, with the catalog's reminder text.
- The HTML part says, in the report's language, that the calendar is attached.
- khal imports Monday's and Tuesday's calendars (khal import --batch) into one
  scratch calendar: each task is there once.
- deliver: --send through the local MTA to posttimtest@localhost; the calendar
  read back from /var/mail/posttimtest is the one written to a file.

Expected texts come from the catalogs (Templates/messages/*.json) and the
tool's own --format json/ics output of the same window.
Prints PASS/FAIL lines and "N passed, M failed"; exit 1 on any failure.
"""
import email
import importlib.util
import json
import subprocess
import sys
import tempfile
import uuid
from datetime import timedelta
from email import policy
from pathlib import Path

import icalendar

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("check_email", HERE / "check-email.py")
check_email = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_email)
from checks import check, delivered, finish  # noqa: E402  (check-email.py put HERE on sys.path)

# The same binary, mode, example and environment as check-email.py.
ROOT, BINARY, MODE, EXAMPLE, run = (check_email.ROOT, check_email.BINARY, check_email.MODE, check_email.EXAMPLE,
                                    check_email.run)
MONDAY = "2026-11-30T14:00:00Z"
TUESDAY = "2026-12-01T14:00:00Z"
ZONES = {"fr_CA": ("America/Toronto", "fr"), "ar_EG": ("Africa/Cairo", "ar")}


def window(locale, now):
    return [EXAMPLE, "--config", "/dev/null", "--locale", locale, "--time-zone", ZONES[locale][0],
            "--now", now, "--days", "3"]


def mail_args(locale, now):
    return window(locale, now) + ["--format", "email", "--mail-from", "agenda@example.org",
                                  "--mail-to", "posttimtest@localhost", "--attach-ics", "--remind", "1d,PT15M"]


def catalog(locale):
    return json.loads((ROOT / f"Templates/messages/{ZONES[locale][1]}.json").read_text(encoding="utf-8"))


def expected_uids(locale, now):
    """The --format ics UIDs of the window's tasks that are not overdue."""
    status, out, err = run(window(locale, now) + ["--format", "json"])
    assert status == 0, err
    report = json.loads(out)
    titles = {}
    for section in report["sections"]:
        if section["kind"] != "overdue":
            for task in section["tasks"]:
                titles[task["id"] + "@posttim-report"] = task["title"]
    return titles


def calendar_part(message):
    parts = [p for p in message.walk() if p.get_content_type() == "text/calendar"]
    return parts[0] if len(parts) == 1 else None


def check_message(raw, locale, now, label):
    message = email.message_from_bytes(raw, policy=policy.default)
    defects = [(p.get_content_type(), p.defects) for p in message.walk() if p.defects]
    check(not defects, f"{label}: no parser defects in any part", str(defects))
    shape = [p.get_content_type() for p in message.walk()]
    check(shape == ["multipart/mixed", "multipart/alternative", "text/plain", "text/html", "text/calendar"],
          f"{label}: mixed(alternative(plain, html), calendar)", str(shape))
    part = calendar_part(message)
    if part is None:
        return None
    check(part.get_param("method") == "PUBLISH" and part.get_content_charset() == "utf-8",
          f"{label}: text/calendar; method=PUBLISH; charset=utf-8")
    check(part.get_filename() == "agenda.ics" and part.get_content_disposition() == "attachment",
          f"{label}: an attachment named agenda.ics")
    text = part.get_content()
    calendar = icalendar.Calendar.from_ical(text)
    events = list(calendar.walk("VEVENT"))
    expected = expected_uids(locale, now)
    uids = [str(e.get("UID")) for e in events]
    check(sorted(uids) == sorted(expected), f"{label}: one event per task shown, overdue ones left out, "
          f"with --format ics's UIDs ({len(expected)})", f"{uids} vs {sorted(expected)}")
    reminder = catalog(locale)["calendar.reminder"]
    now_utc = icalendar.vDatetime.from_ical(now.replace("-", "").replace(":", ""))
    good = True
    for event in events:
        alarms = list(event.walk("VALARM"))
        start = event.get("DTSTART").dt
        # A reminder whose time has passed at "now" is left out.
        want = [trigger for trigger, lead in [(b"-P1D", timedelta(days=1)), (b"-PT15M", timedelta(minutes=15))]
                if start - lead > now_utc]
        got = [a.get("TRIGGER").to_ical() for a in alarms]
        texts = {str(a.get("DESCRIPTION")) for a in alarms}
        title = expected.get(str(event.get("UID")), "") or catalog(locale)["task.untitled"]
        if got != want or any(str(a.get("ACTION")) != "DISPLAY" for a in alarms) or \
                (alarms and texts != {reminder.replace("{title}", title)}):
            good = False
            print(f"  {event.get('UID')}: {got} {texts}")
    check(good, f"{label}: VALARMs exactly -P1D and -PT15M where still to come, ACTION:DISPLAY, '{reminder}'")
    html = next(p for p in message.walk() if p.get_content_type() == "text/html").get_content()
    note = catalog(locale)["mail.calendarAttached"].replace("{file}", "agenda.ics")
    check(note in html, f"{label}: the HTML part says the calendar is attached, in {locale}", note)
    return text


def khal_imports(calendars):
    """Imports each calendar in turn into one scratch khal calendar; the events it ends with."""
    home = Path(tempfile.mkdtemp(prefix="posttim-khal-"))
    (home / "cal").mkdir()
    config = home / "config"
    config.write_text(f"""[calendars]
[[agenda]]
path = {home / 'cal'}
type = calendar
[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
default_timezone = America/Toronto
local_timezone = America/Toronto
""")
    for index, text in enumerate(calendars):
        path = home / f"import-{index}.ics"
        path.write_text(text, encoding="utf-8")
        result = subprocess.run(["khal", "-c", str(config), "import", "--batch", str(path)],
                                capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "HOME": str(home)})
        check(result.returncode == 0, f"khal import --batch of calendar {index + 1} exits 0", result.stderr)
    uids = []
    for file in (home / "cal").glob("*.ics"):
        uids += [str(e.get("UID")) for e in icalendar.Calendar.from_ical(file.read_bytes()).walk("VEVENT")]
    return uids


def parse_mode():
    calendars = []
    for now, label in [(MONDAY, "Monday"), (TUESDAY, "Tuesday")]:
        status, raw, err = run(mail_args("fr_CA", now))
        check(status == 0, f"fr_CA {label}: --attach-ics --remind exits 0", err)
        calendars.append(check_message(raw, "fr_CA", now, f"fr_CA {label}"))
    status, raw, err = run(mail_args("ar_EG", MONDAY))
    check(status == 0, "ar_EG: exits 0", err)
    check_message(raw, "ar_EG", MONDAY, "ar_EG Monday")
    if all(calendars):
        shared = set(expected_uids("fr_CA", MONDAY)) & set(expected_uids("fr_CA", TUESDAY))
        check(len(shared) > 0, "Monday's and Tuesday's calendars share events", str(len(shared)))
        uids = khal_imports(calendars)
        distinct = set(expected_uids("fr_CA", MONDAY)) | set(expected_uids("fr_CA", TUESDAY))
        check(sorted(uids) == sorted(distinct),
              f"khal holds each task once after both imports ({len(distinct)} events, {len(shared)} shared)",
              f"{len(uids)} events: {sorted(uids)}")


def deliver_mode():
    marker = f"calendar-{uuid.uuid4().hex}@example.org"
    status, raw_file, err = run(mail_args("fr_CA", MONDAY))
    check(status == 0, "fr_CA: the message written to standard output", err)
    written = calendar_part(email.message_from_bytes(raw_file, policy=policy.default)).get_content()
    status, out, err = run(mail_args("fr_CA", MONDAY) + ["--reply-to", marker, "--send"])
    check(status == 0 and out == b"", "--send --attach-ics exits 0 and prints nothing", err)
    found = delivered(marker)
    delivered_message = found[0][1] if found else None
    check(delivered_message is not None, "the message is in /var/mail/posttimtest")
    if delivered_message:
        part = calendar_part(delivered_message)
        # The mailbox keeps lines with LF ends (mbox); everything else is kept.
        check(part is not None and part.get_content().replace("\r\n", "\n") == written.replace("\r\n", "\n"),
              "the delivered calendar part is the one written to a file, line for line")


if MODE == "deliver":
    deliver_mode()
else:
    parse_mode()
finish()
