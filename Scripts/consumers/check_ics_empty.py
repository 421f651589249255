#!/usr/bin/env python3
"""An iCalendar report with no task, read by the Python `icalendar` library.

Usage: check_ics_empty.py EMPTY.ics ZONE YEAR

RFC 5545 requires at least one component: the calendar must hold exactly one VTIMEZONE for
ZONE and no VEVENT. Its observances, turned into a tzinfo by icalendar's `to_tz()`, must give
the UTC offset that Python's zoneinfo (an independent reader of the system TZif file) gives,
every six hours of YEAR.
"""
import datetime
import zoneinfo

import icalendar

from common import Checker, main_guard


def run(argv):
    path, zone, year = argv[0], argv[1], int(argv[2])
    check = Checker("ics-empty")
    calendar = icalendar.Calendar.from_ical(open(path, "rb").read())
    check.equal(len(calendar.walk("VEVENT")), 0, "no VEVENT")
    timezones = calendar.walk("VTIMEZONE")
    check.equal(len(timezones), 1, "one VTIMEZONE")
    if len(timezones) != 1:
        return check.finish()
    vtimezone = timezones[0]
    check.equal(str(vtimezone["TZID"]), zone, "TZID")
    observances = vtimezone.walk("STANDARD") + vtimezone.walk("DAYLIGHT")
    check.expect(len(observances) >= 1, "at least one STANDARD or DAYLIGHT")
    # lookup_tzid=False: build the zone from the observances, not from the TZID.
    tz = vtimezone.to_tz(lookup_tzid=False)
    reference = zoneinfo.ZoneInfo(zone)
    instant = datetime.datetime(year, 1, 1, 12, tzinfo=datetime.timezone.utc)
    end = datetime.datetime(year, 12, 31, 12, tzinfo=datetime.timezone.utc)
    while instant <= end:
        got = instant.astimezone(tz).utcoffset()
        want = instant.astimezone(reference).utcoffset()
        check.equal(got, want, f"UTC offset at {instant.isoformat()}")
        instant += datetime.timedelta(hours=6)
    return check.finish()


main_guard(run)
