"""Shared helpers for the consumer checks run by Scripts/check-consumers.sh.

Each check reads a rendered report back with a real consumer (Python's json, csv and
icalendar modules, cmark-gfm's HTML) and compares it with the task list it came from,
read independently with plistlib. The agenda order comes from the JSON report
(`source.entry` of each task, in order), checked first by check_json.py.
"""
import datetime
import json
import plistlib
import sys


class Checker:
    """Collects failures; `finish()` prints them and returns the exit status."""

    def __init__(self, name):
        self.name = name
        self.failures = []
        self.checks = 0

    def expect(self, condition, message):
        self.checks += 1
        if not condition:
            self.failures.append(message)
        return condition

    def equal(self, actual, expected, what):
        return self.expect(actual == expected, f"{what}: expected {expected!r}, got {actual!r}")

    def finish(self):
        for failure in self.failures[:30]:
            print(f"{self.name}: {failure}")
        if len(self.failures) > 30:
            print(f"{self.name}: … and {len(self.failures) - 30} more")
        print(f"{self.name}: {self.checks - len(self.failures)} of {self.checks} expectations met")
        return 1 if self.failures else 0


def load_tasks(path):
    """The task list as plistlib reads it (a list of dicts)."""
    with open(path, "rb") as handle:
        return plistlib.load(handle)


def iso_utc(value):
    """plistlib's naive UTC datetime as the tool's ISO 8601: 2026-11-30T14:00:00Z."""
    return value.strftime("%Y-%m-%dT%H:%M:%SZ")


def agenda_order(json_path):
    """Plist indices (from 0) of the tasks in agenda order, from the JSON report."""
    with open(json_path, "rb") as handle:
        document = json.load(handle)
    return [task["source"]["entry"] - 1 for section in document["sections"] for task in section["tasks"]], document


def json_tasks(document):
    return [task for section in document["sections"] for task in section["tasks"]]


def normalize_newlines(text):
    """CR LF, lone CR, NEL, U+2028 and U+2029 as LF (formats with one kind of line break)."""
    for line_break in ("\r\n", "\r", "\u0085", "\u2028", "\u2029"):
        text = text.replace(line_break, "\n")
    return text


def plist_text(value):
    """A plist value as the tool shows an unknown key (docs/json-schema.md, extraFields)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, datetime.datetime):
        return iso_utc(value)
    if isinstance(value, bytes):
        import base64
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, list):
        return "[" + ", ".join(quoted_text(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json_string(key)}: {quoted_text(value[key])}" for key in sorted(value)) + "}"
    raise TypeError(type(value))


def quoted_text(value):
    return json_string(value) if isinstance(value, str) else plist_text(value)


JSON_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def json_string(text):
    """A JSON string literal as the tool writes one: control characters (C0, DEL, C1), U+2028 and
    U+2029 as \\uXXXX, lowercase, unless they have a short escape (RFC 8259 section 7)."""
    def escape(char):
        if char in JSON_ESCAPES:
            return JSON_ESCAPES[char]
        code = ord(char)
        if code < 0x20 or 0x7F <= code <= 0x9F or code in (0x2028, 0x2029):
            return f"\\u{code:04x}"
        return char
    return '"' + "".join(escape(char) for char in text) + '"'


KNOWN_KEYS = {"tache", "date", "importance", "description"}


def main_guard(function):
    """Runs `function(argv)`, turning an exception into a failure with a message."""
    try:
        sys.exit(function(sys.argv[1:]))
    except Exception as error:  # a crash of the consumer is a failed check, with its reason
        print(f"{sys.argv[0]}: {type(error).__name__}: {error}")
        sys.exit(1)
