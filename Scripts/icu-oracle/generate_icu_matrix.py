#!/usr/bin/env python3
"""Generate the ICU 72 oracle matrix used by the PosttimICU tests.

What it does
    Asks the *system* ICU (Debian 12 libicu72 / libicu-dev, ICU 72.1) for the
    expected output of every operation PosttimICU wraps, and writes it to
    Tests/PosttimICUTests/Fixtures/icu-matrix.json.  The Swift tests compare
    their results against this file byte for byte, so the values here must come
    from the very same ICU build the Swift code links (pkg-config icu-i18n).

Requirements
    * Debian 12 packages libicu72 + libicu-dev (ICU 72.1) and pkg-config.
    * PyICU compiled from source against that ICU:
          pip install --no-binary PyICU PyICU
      NOT the "PyICU-binary" wheel: it bundles its own, newer ICU (77 at the
      time of writing), whose CLDR data gives different patterns and strings.
      The script refuses to run unless icu.ICU_VERSION is the expected version
      and the ICU libraries loaded into the process are the system ones.
    * Python >= 3.8, standard library only otherwise.

How to run (from the repository root)
    python3 Scripts/icu-oracle/generate_icu_matrix.py
    # options: --output PATH (default: the fixture path above)
    #          --expect-icu 72.1 (refuse to run against any other ICU)
    #          --check (regenerate in memory and fail if the committed file differs)

How each value is obtained (all via the same libicui18n.so.72)
    skeletonCases.pattern   DateTimePatternGenerator::createInstance(Locale(id))
                            .getBestPattern(skeleton)              [PyICU]
    skeletonCases.formatted SimpleDateFormat(pattern, Locale(id)) with
                            setTimeZone(TimeZone::createTimeZone(zone)),
                            format(instant)                         [PyICU]
    punctuatedSkeletonCases same as skeletonCases, for skeletons holding
                            punctuation, spaces and quoted text (ignored by
                            the generator), at MAIN_INSTANT in zones where
                            ICU's 2022e rules and system tzdata agree [PyICU]
    patternCases.formatted  same, with the literal pattern           [PyICU]
    dayCases                CPython zoneinfo over the system TZif files (the
                            data the Swift code reads): local date, first
                            instant of the day by bisection, offset, fold 0
                            vs fold 1; the generator fails unless ICU agrees:
                            ucal_open(zone, "en_US", UCAL_GREGORIAN) [C API via ctypes]
                            localDate: ucal_setMillis + YEAR/MONTH/DATE
                            startOfDay: ucal_clear, ucal_setDateTime(y, m, d, 0, 0, 0)
                              with UCAL_SKIPPED_WALL_TIME = NEXT_VALID and
                              UCAL_REPEATED_WALL_TIME = FIRST, ucal_getMillis
                            utcOffsetSeconds: (ZONE_OFFSET + DST_OFFSET) / 1000
                            repeatedWallTime: the instant's local wall fields
                              (Y/M/D h:m:s.ms) resolved with REPEATED_WALL_TIME
                              FIRST and LAST give different instants
                            (cross-checked against PyICU GregorianCalendar)
    relativeDays            ureldatefmt_open(id, NULL, UDAT_STYLE_LONG,
                            UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE)
                            + ureldatefmt_format(offset, UDAT_REL_UNIT_DAY), i.e.
                            the "auto" (non-numeric) form       [C API via ctypes]
                            PyICU has no binding for that overload nor for a NULL
                            NumberFormat; the ctypes calls go to the library PyICU
                            itself loaded.
    firstWeekdays           Calendar::createInstance(Locale(id)).getFirstDayOfWeek()
                            (1 = Sunday ... 7 = Saturday)       [PyICU]
    cldrVersion             ulocdata_getCLDRVersion              [C API via ctypes]
    tzdataVersion           ucal_getTZDataVersion (ICU's own zoneinfo64, not
                            /usr/share/zoneinfo)                 [C API via ctypes]

Output is deterministic (no timestamps, fixed ordering, ASCII-only JSON with
\\uXXXX escapes so invisible characters such as U+202F, U+200F and U+061C stay
visible in diffs).  One record per line.
"""

import argparse
import ctypes
import datetime as _dt
import json
import os
import sys
from zoneinfo import ZoneInfo
from pathlib import Path

try:
    import icu  # PyICU
except ImportError:  # pragma: no cover
    sys.exit("PyICU is missing: pip install --no-binary PyICU PyICU "
             "(never PyICU-binary)")

REPO_ROOT = Path(__file__).resolve().parents[2]
GENERATOR = "Scripts/icu-oracle/generate_icu_matrix.py"
DEFAULT_OUTPUT = REPO_ROOT / "Tests/PosttimICUTests/Fixtures/icu-matrix.json"

# --------------------------------------------------------------------------
# Matrix definition
# --------------------------------------------------------------------------

# ICU locale IDs exactly as the Swift code under test receives them.
LOCALES = [
    "fr_CA", "fr_FR", "en_US", "en_GB", "en_US_POSIX", "de_DE", "es_ES",
    "es_MX", "it_IT", "pt_BR", "pt_PT", "nl_NL", "sv_SE", "pl_PL", "ru_RU",
    "uk_UA", "tr_TR", "el_GR", "ja_JP", "ja_JP@calendar=japanese",
    "zh_Hans_CN", "zh_Hant_TW", "ko_KR", "ar_EG", "ar_SA", "he_IL", "fa_IR",
    "hi_IN", "bn_BD", "th_TH", "vi_VN", "id_ID", "en_US@hours=h23",
    # extra keyword / region forms
    "en_CA", "de_CH", "th_TH@calendar=gregorian", "ar_EG@numbers=latn",
]

SKELETONS = [
    "yMMMdjm", "jm", "Hm", "hm", "yMMMMEEEEd", "yMd", "yMMMd", "MMMEd",
    "EEEEjm", "yMMMMd", "jmz", "jmv", "GyMMMd",
]

ZONES = [
    "America/Toronto", "America/Sao_Paulo", "Pacific/Apia", "America/St_Johns",
    "Asia/Kathmandu", "Australia/Lord_Howe", "UTC",
]

# The one instant used for the full locales x skeletons x zones cross product.
MAIN_INSTANT = "2026-11-30T14:00:00Z"

# Per-zone instants: local midnights, instants around DST changes / skipped
# days, and ordinary instants.  Comments give the local wall time.
ZONE_INSTANTS = {
    "America/Toronto": [
        "2026-03-08T05:00:00Z",  # 00:00 EST, day of spring-forward
        "2026-03-08T06:30:00Z",  # 01:30 EST
        "2026-03-08T06:59:59Z",  # 01:59:59 EST, last second before the gap
        "2026-03-08T07:00:00Z",  # 03:00 EDT (02:00-02:59 skipped)
        "2026-03-08T07:30:00Z",  # 03:30 EDT
        "2026-11-01T04:00:00Z",  # 00:00 EDT, day of fall-back
        "2026-11-01T05:30:00Z",  # 01:30 EDT (first occurrence)
        "2026-11-01T06:00:00Z",  # 01:00 EST (repeated hour begins again)
        "2026-11-01T06:30:00Z",  # 01:30 EST (second occurrence)
        "2026-11-01T07:00:00Z",  # 02:00 EST
        "2026-11-30T05:00:00Z",  # 00:00 EST
        MAIN_INSTANT,            # 09:00 EST
        "2026-12-28T12:00:00Z",  # 07:00 EST
    ],
    "America/Sao_Paulo": [
        "2018-11-04T02:30:00Z",  # 2018-11-03 23:30 -03
        "2018-11-04T02:59:59Z",  # 2018-11-03 23:59:59 -03
        "2018-11-04T03:00:00Z",  # 2018-11-04 01:00 -02 (00:00-00:59 skipped)
        "2018-11-04T03:30:00Z",  # 2018-11-04 01:30 -02
        "2018-11-04T15:00:00Z",  # 2018-11-04 13:00 -02
        "2019-02-17T01:30:00Z",  # 2019-02-16 23:30 -02 (first occurrence)
        "2019-02-17T02:30:00Z",  # 2019-02-16 23:30 -03 (second occurrence)
        "2019-02-17T03:00:00Z",  # 2019-02-17 00:00 -03
        "2026-11-30T03:00:00Z",  # 00:00 -03
        MAIN_INSTANT,            # 11:00 -03
    ],
    "Pacific/Apia": [
        "2011-12-29T10:00:00Z",  # 2011-12-29 00:00 -10
        "2011-12-30T09:30:00Z",  # 2011-12-29 23:30 -10
        "2011-12-30T09:59:59Z",  # 2011-12-29 23:59:59 -10
        "2011-12-30T10:00:00Z",  # 2011-12-31 00:00 +14 (12-30 skipped)
        "2011-12-30T10:30:00Z",  # 2011-12-31 00:30 +14
        "2011-12-31T10:00:00Z",  # 2012-01-01 00:00 +14
        "2026-11-30T11:00:00Z",  # 2026-12-01 00:00 +13
        MAIN_INSTANT,            # 2026-12-01 03:00 +13
    ],
    "America/St_Johns": [
        "2026-03-08T03:30:00Z",  # 00:00 NST
        "2026-03-08T05:29:59Z",  # 01:59:59 NST
        "2026-03-08T05:30:00Z",  # 03:00 NDT
        "2026-07-01T12:00:00Z",  # 09:30 NDT
        "2026-11-01T03:30:00Z",  # 2026-11-01 01:00 NDT (first 01:00)
        "2026-11-01T04:30:00Z",  # 2026-11-01 01:00 NST (second 01:00)
        "2026-11-30T03:30:00Z",  # 00:00 NST
        MAIN_INSTANT,            # 10:30 NST
    ],
    "Asia/Kathmandu": [
        "1985-12-31T18:29:59Z",  # 1985-12-31 23:59:59 +05:30
        "1985-12-31T18:30:00Z",  # 1986-01-01 00:15 +05:45 (00:00-00:14 skipped)
        "2026-07-01T12:00:00Z",  # 17:45 +05:45
        "2026-11-29T18:15:00Z",  # 2026-11-30 00:00 +05:45
        MAIN_INSTANT,            # 19:45 +05:45
    ],
    "Australia/Lord_Howe": [
        "2026-04-04T13:00:00Z",  # 2026-04-05 00:00 +11
        "2026-04-04T14:45:00Z",  # 01:45 +11 (first occurrence)
        "2026-04-04T15:00:00Z",  # 01:30 +10:30 (repeated half hour again)
        "2026-04-04T15:15:00Z",  # 01:45 +10:30 (second occurrence)
        "2026-10-03T13:30:00Z",  # 2026-10-04 00:00 +10:30
        "2026-10-03T15:15:00Z",  # 01:45 +10:30
        "2026-10-03T15:29:59Z",  # 01:59:59 +10:30
        "2026-10-03T15:30:00Z",  # 02:30 +11 (02:00-02:29 skipped)
        "2026-10-03T15:45:00Z",  # 02:45 +11
        "2026-11-29T13:00:00Z",  # 2026-11-30 00:00 +11
        MAIN_INSTANT,            # 2026-12-01 01:00 +11
    ],
    "UTC": [
        "2026-11-30T00:00:00Z",
        MAIN_INSTANT,
        "2026-12-28T12:00:00Z",
    ],
}

# Skeletons holding literals (punctuation, spaces, quoted text), which
# DateTimePatternGenerator ignores while it keeps the fields; the first is
# the Post'TIM app's own format string.
PUNCTUATED_SKELETONS = [
    "yyyy.MM.dd HH:mm", "yyyy-MM-dd", "dd/MM/yy", "HH'h'mm", "d MMMM y, EEEE",
    "MMM d, y 'at' h:mm a",
]
# Zones where ICU's own 2022e rules and the system tzdata (read from TZif
# by the Swift code) agree at PUNCTUATED_INSTANT: no rule change since 2022
# touches Toronto, Kathmandu or UTC in November 2026.
PUNCTUATED_ZONES = ["UTC", "America/Toronto", "Asia/Kathmandu"]

# Locales and skeletons for the per-zone DST / special instants.
DST_LOCALES = ["fr_CA", "en_US", "ar_EG", "ja_JP"]
DST_SKELETONS = ["yMMMdjm", "jm", "Hm", "jmz", "jmv", "EEEEjm", "yMd", "MMMEd"]

PATTERNS = ["yyyy.MM.dd HH:mm", "EEEE d MMMM y", "YYYY-'W'ww", "h:mm a",
            "HH:mm xxx", "zzzz"]
PATTERN_INSTANTS = [MAIN_INSTANT, "2026-12-28T12:00:00Z"]

RELATIVE_DAY_OFFSETS = [-1, 0, 1]

# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------


def parse_instant(s):
    """'2026-11-30T14:00:00Z' -> integral epoch milliseconds."""
    assert s.endswith("Z"), s
    d = _dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(
        tzinfo=_dt.timezone.utc)
    return int(d.timestamp()) * 1000


def format_instant(ms):
    """Epoch milliseconds -> ISO 8601 UTC with Z (whole seconds only)."""
    ms = int(ms)
    if ms % 1000:
        raise ValueError(f"non-whole-second instant {ms}")
    d = _dt.datetime.fromtimestamp(ms // 1000, tz=_dt.timezone.utc)
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")


def loaded_icu_libraries():
    """Paths of the libicu* shared objects mapped into this process."""
    paths = set()
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                p = line.split()[-1]
                if "libicu" in os.path.basename(p):
                    paths.add(p)
    except OSError:
        pass
    return sorted(paths)


class CICU:
    """Minimal ctypes view of the ICU C API, bound to the ICU PyICU loaded."""

    UCAL_GREGORIAN = 1
    UCAL_REPEATED_WALL_TIME = 3
    UCAL_SKIPPED_WALL_TIME = 4
    UCAL_WALLTIME_LAST = 0
    UCAL_WALLTIME_FIRST = 1
    UCAL_WALLTIME_NEXT_VALID = 2
    (ERA, YEAR, MONTH, DATE, HOUR_OF_DAY, MINUTE, SECOND, MILLISECOND,
     ZONE_OFFSET, DST_OFFSET) = (0, 1, 2, 5, 11, 12, 13, 14, 15, 16)
    UDAT_STYLE_LONG = 0
    UDAT_REL_UNIT_DAY = 4
    UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE = (1 << 8) + 2

    def __init__(self, major):
        i18n = [p for p in loaded_icu_libraries() if "libicui18n" in p]
        if len(i18n) != 1:
            raise SystemExit(f"cannot identify PyICU's libicui18n: {i18n}")
        self.path = i18n[0]
        lib = ctypes.CDLL(self.path)
        sfx = f"_{major}"
        vp, c_int, c_dbl = ctypes.c_void_p, ctypes.c_int32, ctypes.c_double
        perr = ctypes.POINTER(ctypes.c_int)

        def fn(name, restype, *argtypes):
            f = getattr(lib, name + sfx)
            f.restype, f.argtypes = restype, list(argtypes)
            return f

        self.ucal_open = fn("ucal_open", vp, ctypes.c_char_p, c_int,
                            ctypes.c_char_p, ctypes.c_int, perr)
        self.ucal_close = fn("ucal_close", None, vp)
        self.ucal_setAttribute = fn("ucal_setAttribute", None, vp,
                                    ctypes.c_int, c_int)
        self.ucal_setMillis = fn("ucal_setMillis", None, vp, c_dbl, perr)
        self.ucal_getMillis = fn("ucal_getMillis", c_dbl, vp, perr)
        self.ucal_get = fn("ucal_get", c_int, vp, ctypes.c_int, perr)
        self.ucal_clear = fn("ucal_clear", None, vp)
        self.ucal_setDateTime = fn("ucal_setDateTime", None, vp, c_int, c_int,
                                   c_int, c_int, c_int, c_int, perr)
        self.ucal_set = fn("ucal_set", None, vp, ctypes.c_int, c_int)
        self.ucal_getTZDataVersion = fn("ucal_getTZDataVersion",
                                        ctypes.c_char_p, perr)
        self.ulocdata_getCLDRVersion = fn("ulocdata_getCLDRVersion", None,
                                          ctypes.c_uint8 * 4, perr)
        self.ureldatefmt_open = fn("ureldatefmt_open", vp, ctypes.c_char_p,
                                   vp, ctypes.c_int, ctypes.c_int, perr)
        self.ureldatefmt_close = fn("ureldatefmt_close", None, vp)
        self.ureldatefmt_format = fn("ureldatefmt_format", c_int, vp, c_dbl,
                                     ctypes.c_int, ctypes.c_void_p, c_int, perr)

    @staticmethod
    def check(err, what):
        if err.value > 0:  # U_FAILURE
            raise RuntimeError(f"{what}: UErrorCode {err.value}")

    def tzdata_version(self):
        err = ctypes.c_int(0)
        v = self.ucal_getTZDataVersion(ctypes.byref(err))
        self.check(err, "ucal_getTZDataVersion")
        return v.decode("ascii")

    def cldr_version(self):
        err = ctypes.c_int(0)
        arr = (ctypes.c_uint8 * 4)()
        self.ulocdata_getCLDRVersion(arr, ctypes.byref(err))
        self.check(err, "ulocdata_getCLDRVersion")
        parts = list(arr)
        while len(parts) > 2 and parts[-1] == 0:
            parts.pop()
        return ".".join(str(p) for p in parts)

    def open_calendar(self, zone):
        err = ctypes.c_int(0)
        z = zone.encode("utf-16-le")
        cal = self.ucal_open(z, len(zone), b"en_US", self.UCAL_GREGORIAN,
                             ctypes.byref(err))
        self.check(err, f"ucal_open({zone})")
        return cal

    def relative_day(self, locale, offset):
        err = ctypes.c_int(0)
        fmt = self.ureldatefmt_open(
            locale.encode("ascii"), None, self.UDAT_STYLE_LONG,
            self.UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE,
            ctypes.byref(err))
        self.check(err, f"ureldatefmt_open({locale})")
        try:
            buf = ctypes.create_string_buffer(2 * 256)
            n = self.ureldatefmt_format(fmt, float(offset),
                                        self.UDAT_REL_UNIT_DAY, buf, 256,
                                        ctypes.byref(err))
            self.check(err, f"ureldatefmt_format({locale}, {offset})")
            return buf.raw[: 2 * n].decode("utf-16-le")
        finally:
            self.ureldatefmt_close(fmt)


# --------------------------------------------------------------------------
# Generators
# --------------------------------------------------------------------------


def icu_locale(locale_id):
    loc = icu.Locale(locale_id)
    if loc.isBogus():
        raise ValueError(f"bogus locale {locale_id}")
    return loc


_tz_cache = {}


def icu_zone(zone):
    if zone not in _tz_cache:
        tz = icu.TimeZone.createTimeZone(zone)
        if tz.getID() != zone:  # unknown IDs come back as "Etc/Unknown"
            raise ValueError(f"unknown zone {zone} -> {tz.getID()}")
        _tz_cache[zone] = tz
    return _tz_cache[zone]


_pinned = set()


def require_zones_agree(zone, instant):
    """Every formatted case is pinned to a zone and instant where ICU's own
    zone rules (2022e) and the system TZif files the Swift code reads agree
    on the UTC offset (checked with CPython zoneinfo); the generator stops
    otherwise rather than write an expectation the Swift side cannot meet."""
    if (zone, instant) in _pinned:
        return
    ms = parse_instant(instant)
    cal = icu.GregorianCalendar(icu_zone(zone))
    cal.setTime(ms / 1000.0)
    icu_offset = (cal.get(icu.Calendar.ZONE_OFFSET) + cal.get(icu.Calendar.DST_OFFSET)) // 1000
    system = _dt.datetime.fromtimestamp(ms // 1000, tz=_dt.timezone.utc).astimezone(ZoneInfo(zone))
    system_offset = int(system.utcoffset().total_seconds())
    if icu_offset != system_offset:
        sys.exit(f"{zone} at {instant}: ICU says UTC{icu_offset:+d}s, system tzdata UTC{system_offset:+d}s; "
                 "pick an instant where both agree")
    _pinned.add((zone, instant))


def format_with(pattern, locale_id, zone, instant):
    require_zones_agree(zone, instant)
    f = icu.SimpleDateFormat(pattern, icu_locale(locale_id))
    f.setTimeZone(icu_zone(zone))
    return f.format(parse_instant(instant) / 1000.0)  # PyICU UDate = seconds


def skeleton_cases():
    gens = {l: icu.DateTimePatternGenerator.createInstance(icu_locale(l))
            for l in LOCALES}

    def case(locale, skeleton, zone, instant):
        pattern = gens[locale].getBestPattern(skeleton)
        return {"locale": locale, "skeleton": skeleton, "timeZone": zone,
                "instant": instant, "pattern": pattern,
                "formatted": format_with(pattern, locale, zone, instant)}

    out = [case(l, s, z, MAIN_INSTANT)
           for l in LOCALES for s in SKELETONS for z in ZONES]
    for z in ZONES:
        for inst in ZONE_INSTANTS[z]:
            if inst == MAIN_INSTANT:
                continue  # already in the cross product
            out += [case(l, s, z, inst)
                    for l in DST_LOCALES for s in DST_SKELETONS]
    return out


def punctuated_skeleton_cases():
    gens = {l: icu.DateTimePatternGenerator.createInstance(icu_locale(l))
            for l in LOCALES}
    out = []
    for l in LOCALES:
        for s in PUNCTUATED_SKELETONS:
            pattern = gens[l].getBestPattern(s)
            for z in PUNCTUATED_ZONES:
                out.append({"locale": l, "skeleton": s, "timeZone": z,
                            "instant": MAIN_INSTANT, "pattern": pattern,
                            "formatted": format_with(pattern, l, z,
                                                     MAIN_INSTANT)})
    return out


def pattern_cases():
    return [{"locale": l, "pattern": p, "timeZone": z, "instant": i,
             "formatted": format_with(p, l, z, i)}
            for l in LOCALES for p in PATTERNS for z in ZONES
            for i in PATTERN_INSTANTS]


def day_cases(c):
    all_instants = sorted({i for v in ZONE_INSTANTS.values() for i in v})
    out = []
    for zone in ZONES:
        cal = c.open_calendar(zone)
        pycal = icu.GregorianCalendar(icu_zone(zone))
        try:
            for inst in all_instants:
                ms = parse_instant(inst)
                err = ctypes.c_int(0)
                c.ucal_clear(cal)
                c.ucal_setMillis(cal, float(ms), ctypes.byref(err))
                f = {k: c.ucal_get(cal, getattr(c, k), ctypes.byref(err))
                     for k in ("ERA", "YEAR", "MONTH", "DATE", "HOUR_OF_DAY",
                               "MINUTE", "SECOND", "MILLISECOND",
                               "ZONE_OFFSET", "DST_OFFSET")}
                c.check(err, "ucal_get")
                assert f["ERA"] == 1, (zone, inst, f)
                offset_ms = f["ZONE_OFFSET"] + f["DST_OFFSET"]
                assert offset_ms % 1000 == 0, (zone, inst, offset_ms)

                # Cross-check with PyICU's GregorianCalendar.
                pycal.setTime(ms / 1000.0)
                py = (pycal.get(icu.Calendar.YEAR),
                      pycal.get(icu.Calendar.MONTH),
                      pycal.get(icu.Calendar.DATE),
                      pycal.get(icu.Calendar.ZONE_OFFSET)
                      + pycal.get(icu.Calendar.DST_OFFSET))
                assert py == (f["YEAR"], f["MONTH"], f["DATE"], offset_ms), \
                    (zone, inst, py, f)

                def resolve(repeated, y, mo, d, h, mi, s, msec):
                    e = ctypes.c_int(0)
                    c.ucal_setAttribute(cal, c.UCAL_SKIPPED_WALL_TIME,
                                        c.UCAL_WALLTIME_NEXT_VALID)
                    c.ucal_setAttribute(cal, c.UCAL_REPEATED_WALL_TIME,
                                        repeated)
                    c.ucal_clear(cal)
                    c.ucal_setDateTime(cal, y, mo, d, h, mi, s,
                                       ctypes.byref(e))
                    c.ucal_set(cal, c.MILLISECOND, msec)
                    t = c.ucal_getMillis(cal, ctypes.byref(e))
                    c.check(e, "ucal_getMillis")
                    return int(t)

                start = resolve(c.UCAL_WALLTIME_FIRST, f["YEAR"], f["MONTH"],
                                f["DATE"], 0, 0, 0, 0)
                wall = (f["YEAR"], f["MONTH"], f["DATE"], f["HOUR_OF_DAY"],
                        f["MINUTE"], f["SECOND"], f["MILLISECOND"])
                first = resolve(c.UCAL_WALLTIME_FIRST, *wall)
                last = resolve(c.UCAL_WALLTIME_LAST, *wall)
                # The expectations come from CPython zoneinfo (the system
                # tzdata the Swift code reads), not from ICU; ICU's own 2022e
                # rules must agree, so every case is pinned to a zone and
                # instant where both databases give the same answer.
                case = zoneinfo_day_case(zone, ms)
                icu_case = {
                    "localDate": "%04d-%02d-%02d" % (f["YEAR"], f["MONTH"] + 1,
                                                     f["DATE"]),
                    "startOfDay": format_instant(start),
                    "utcOffsetSeconds": offset_ms // 1000,
                    "repeatedWallTime": first != last,
                }
                assert case == icu_case, \
                    f"ICU 2022e and system tzdata disagree at {zone} {inst}: zoneinfo {case}, ICU {icu_case}"
                out.append({"timeZone": zone, "instant": inst, **case})
        finally:
            c.ucal_close(cal)
    return out


def zoneinfo_day_case(zone, ms):
    """The day-boundary facts of instant `ms` (ms since 1970) in `zone`, from
    CPython zoneinfo over the system TZif files: local date, first instant of
    that date (found by bisection on whole seconds, so a skipped midnight
    gives the first valid instant), UTC offset, and whether the local wall
    time occurs twice (fold 0 and fold 1 name different instants)."""
    tz = ZoneInfo(zone)
    utc = _dt.timezone.utc
    seconds = ms // 1000
    local = _dt.datetime.fromtimestamp(seconds, tz=utc).astimezone(tz)
    day = local.date()

    def local_date(t):
        return _dt.datetime.fromtimestamp(t, tz=utc).astimezone(tz).date()

    low, high = seconds - 3 * 86400, seconds  # local_date(low) < day <= local_date(high)
    assert local_date(low) < day
    while high - low > 1:
        mid = (low + high) // 2
        if local_date(mid) >= day:
            high = mid
        else:
            low = mid
    naive = local.replace(tzinfo=None)
    first = naive.replace(tzinfo=tz, fold=0).timestamp()
    last = naive.replace(tzinfo=tz, fold=1).timestamp()
    return {
        "localDate": day.isoformat(),
        "startOfDay": format_instant(high * 1000),
        "utcOffsetSeconds": int(local.utcoffset().total_seconds()),
        "repeatedWallTime": first != last,
    }


def relative_days(c):
    out = []
    for l in LOCALES:
        for o in RELATIVE_DAY_OFFSETS:
            out.append({"locale": l, "offset": o,
                        "text": c.relative_day(l, o)})
    return out


def first_weekdays():
    return [{"locale": l,
             "firstWeekday": icu.Calendar.createInstance(
                 icu_locale(l)).getFirstDayOfWeek()}
            for l in LOCALES]


# --------------------------------------------------------------------------
# Sanity checks against known ICU 72 facts
# --------------------------------------------------------------------------


def sanity_checks(m):
    def gen(l, s):
        return icu.DateTimePatternGenerator.createInstance(
            icu_locale(l)).getBestPattern(s)

    problems = []

    def expect(cond, msg):
        if not cond:
            problems.append(msg)

    expect(gen("fr_CA", "yMMMdHm") == "d MMM y, HH 'h' mm",
           f"fr_CA yMMMdHm -> {gen('fr_CA', 'yMMMdHm')!r}")
    # The punctuated skeleton of issue 15, as ICU 72 resolves it.
    for loc, want in (("fr_CA", "yyyy-MM-dd HH 'h' mm"),
                      ("en_US", "MM/dd/yyyy, HH:mm"),
                      ("de_DE", "dd.MM.yyyy, HH:mm")):
        got = gen(loc, "yyyy.MM.dd HH:mm")
        expect(got == want, f"{loc} 'yyyy.MM.dd HH:mm' -> {got!r}")
    expect(gen("en_US", "yMMMdHm") == "MMM d, y, HH:mm",
           f"en_US yMMMdHm -> {gen('en_US', 'yMMMdHm')!r}")
    en_jm = [r for r in m["skeletonCases"] if r["locale"] == "en_US"
             and r["skeleton"] == "jm" and r["instant"] == MAIN_INSTANT]
    expect(all("\u202f" in r["pattern"] and "\u202f" in r["formatted"]
               for r in en_jm), "en_US jm lacks U+202F before AM/PM")
    ar = [r["formatted"] for r in m["skeletonCases"] if r["locale"] == "ar_EG"]
    expect(all(any("\u0660" <= ch <= "\u0669" for ch in s) for s in ar),
           "ar_EG output without Arabic-Indic digits")
    th = [r["formatted"] for r in m["skeletonCases"] if r["locale"] == "th_TH"
          and r["skeleton"] == "yMd" and r["instant"] == MAIN_INSTANT]
    expect(th and all("2569" in s for s in th),
           f"th_TH not Buddhist calendar: {th[:1]}")
    if problems:
        raise SystemExit("sanity checks failed:\n  " + "\n  ".join(problems))


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


def dumps(m):
    """Stable, diff-friendly JSON: one record per line, ASCII only."""
    def rec(r):
        return json.dumps(r, ensure_ascii=True, separators=(", ", ": "))

    lines = ["{"]
    scalars = [k for k, v in m.items() if not isinstance(v, list)]
    arrays = [k for k, v in m.items() if isinstance(v, list)]
    for k in scalars:
        lines.append(f"  {json.dumps(k)}: {json.dumps(m[k])},")
    for ai, k in enumerate(arrays):
        lines.append(f"  {json.dumps(k)}: [")
        recs = m[k]
        for i, r in enumerate(recs):
            lines.append("    " + rec(r) + ("," if i < len(recs) - 1 else ""))
        lines.append("  ]" + ("," if ai < len(arrays) - 1 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    ap.add_argument("--expect-icu", default="72.1")
    ap.add_argument("--check", action="store_true",
                    help="fail if the output file differs from a fresh run")
    args = ap.parse_args()

    if icu.ICU_VERSION != args.expect_icu:
        raise SystemExit(
            f"PyICU is linked against ICU {icu.ICU_VERSION}, expected "
            f"{args.expect_icu}. Reinstall with: pip uninstall -y PyICU "
            f"PyICU-binary && pip install --no-binary PyICU PyICU")
    libs = loaded_icu_libraries()
    if not libs or any("site-packages" in p or "dist-packages" in p
                       or ".libs" in p for p in libs):
        raise SystemExit(f"ICU not loaded from the system libraries: {libs} "
                         "(PyICU-binary bundles its own ICU; do not use it)")
    for var in ("ICU_DATA", "ICU_TIMEZONE_FILES_DIR"):
        if os.environ.get(var):
            print(f"warning: {var} is set; ICU data may differ from what the "
                  f"Swift tests see", file=sys.stderr)

    c = CICU(icu.ICU_VERSION.split(".")[0])
    m = {
        "generator": GENERATOR,
        "icuVersion": icu.ICU_VERSION,
        "cldrVersion": c.cldr_version(),
        "tzdataVersion": c.tzdata_version(),
        "pyicuVersion": icu.VERSION,
        "skeletonCases": skeleton_cases(),
        "punctuatedZoneData": "ICU " + c.tzdata_version() + " zoneinfo64; "
                              "zones and instant chosen where the system "
                              "tzdata agrees",
        "punctuatedSkeletonCases": punctuated_skeleton_cases(),
        "patternCases": pattern_cases(),
        "dayCases": day_cases(c),
        "relativeDays": relative_days(c),
        "firstWeekdays": first_weekdays(),
    }
    sanity_checks(m)
    text = dumps(m)
    json.loads(text)  # round-trip guard

    if args.check:
        current = args.output.read_text(encoding="utf-8")
        if current != text:
            raise SystemExit(f"{args.output} is out of date; regenerate it")
        print(f"{args.output} is up to date")
        return
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    counts = ", ".join(f"{k}={len(v)}" for k, v in m.items()
                       if isinstance(v, list))
    print(f"wrote {args.output} ({len(text.encode())} bytes; {counts}; "
          f"ICU {m['icuVersion']}, CLDR {m['cldrVersion']}, "
          f"tzdata {m['tzdataVersion']}, PyICU {m['pyicuVersion']})")


if __name__ == "__main__":
    main()
