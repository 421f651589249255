#!/usr/bin/env python3
"""Reads posttim-report's e-mails back with Python's own mail parser.

    check-email.py BINARY parse     parser-only: fr_CA, ar_EG, ja_JP, he_IL
                                    and an emoji + RTL subject, no delivery
    check-email.py BINARY deliver   --send through the local MTA to
                                    posttimtest@localhost (fr_CA, ar_EG), then
                                    read /var/mail/posttimtest with mailbox

Expected values come from outside the tool: subjects from the catalog's
`mail.subject` pattern with the days shown as PyICU's date-interval
formatter writes them, UTC offsets and names
written by hand, the HTML part from the `html` writer run
separately with --no-details, the text part's blocks from the `json` writer's values.
Prints PASS/FAIL lines and "N passed, M failed"; exit 1 on any failure.
"""
import email
import json
import os
import subprocess
import sys
import uuid
from datetime import datetime, timedelta, timezone
from email import policy
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
from checks import check, delivered, finish  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BINARY = sys.argv[1]
MODE = sys.argv[2] if len(sys.argv) > 2 else "parse"
EXAMPLE = str(ROOT / "Examples/listeDesTaches.plist")
NOW = "2026-11-30T14:00:00Z"
# locale, zone, UTC offset at NOW (by hand: tz database rules), catalog
CASES = {
    "fr_CA": ("America/Toronto", timedelta(hours=-5), "fr"),
    "ar_EG": ("Africa/Cairo", timedelta(hours=2), "ar"),
    "ja_JP": ("Asia/Tokyo", timedelta(hours=9), "ja"),
    "he_IL": ("Asia/Jerusalem", timedelta(hours=2), "he"),
}
FROM = "Zoë Tremblay <zoe@example.org>"
REPLY_TO = "فاطمة الزهراء <fatima@example.org>"
CC = "\"Cohen, עדי\" <adi@example.org>, 山田太郎 <yamada@example.org>"



def run(args):
    result = subprocess.run([BINARY] + args, capture_output=True, env={"PATH": "/usr/bin:/bin", "HOME": "/tmp"})
    return result.returncode, result.stdout, result.stderr.decode()


def report_args(locale):
    zone = CASES[locale][0]
    return [EXAMPLE, "--locale", locale, "--time-zone", zone, "--now", NOW, "--to", "2026-12-01"]


def expected_subject(locale):
    """The catalog's `mail.subject` with the days shown, 30 November to
    1 December (report_args), as PyICU's C++ date-interval formatter writes
    the range with the day headings' skeleton."""
    import icu  # PyICU, on ICU 72 like the tool
    icu.TimeZone.setDefault(icu.TimeZone.getGMT())
    ranges = icu.DateIntervalFormat.createInstance("yMMMMEEEEd", icu.Locale(locale))
    noon = datetime(2026, 11, 30, 12, tzinfo=timezone.utc).timestamp()
    days = ranges.format(icu.DateInterval(noon, noon + 86400))
    catalog = json.loads((ROOT / f"Templates/messages/{CASES[locale][2]}.json").read_text())
    return catalog["mail.subject"].replace("{date}", days)


def writer_output(locale, fmt, *extra):
    status, out, err = run(report_args(locale) + ["--format", fmt, *extra])
    assert status == 0, err
    return out.decode()


def check_text_part(text, args, label):
    """One layout, blocks: per section its heading, then per task its time
    and importance two spaces in and its title four spaces in, as the JSON
    writer gives them; no table rule."""
    status, out, err = run(args + ["--format", "json"])
    assert status == 0, err
    report = json.loads(out.decode())
    lines = text.split("\n")
    check(not any(line.lstrip().startswith("---") for line in lines), f"{label}: text/plain has no table rule")
    position = 0
    for section in report["sections"]:
        for task in section["tasks"]:
            start = f"  {task['when']} · "
            found = next((i for i in range(position, len(lines) - 1)
                          if lines[i].startswith(start) and lines[i + 1] == "    " + task["displayTitle"]), None)
            check(found is not None, f"{label}: text/plain block for {task['displayTitle']!r}", start)
            position = found + 2 if found is not None else position


def check_wire(raw, label):
    """CRLF only, ASCII only, lines of at most 78 characters."""
    check(all(b < 0x80 for b in raw), f"{label}: 7-bit ASCII on the wire")
    lines = raw.split(b"\r\n")
    check(lines[-1] == b"", f"{label}: ends with CRLF")
    check(not any(b"\n" in l or b"\r" in l for l in lines), f"{label}: no bare CR or LF")
    longest = max(len(l) for l in lines)
    check(longest <= 78, f"{label}: every line at most 78 characters", f"longest {longest}")


def all_defects(msg):
    found = []
    for part in msg.walk():
        found += [f"{part.get_content_type()}: {d!r}" for d in part.defects]
        for name, value in part.items():
            found += [f"{name}: {d!r}" for d in getattr(value, "defects", [])]
    return found


def canonical(text):
    return text.replace("\r\n", "\n")


def check_message(msg, locale, label, to):
    check(all_defects(msg) == [], f"{label}: no defects on any part or header", all_defects(msg))
    zone, offset, _ = CASES[locale]
    subject = expected_subject(locale)
    check(str(msg["Subject"]) == subject, f"{label}: Subject decodes to the catalog's words",
          f"{str(msg['Subject'])!r} != {subject!r}")
    date = msg["Date"].datetime
    check(date == datetime(2026, 11, 30, 14, tzinfo=timezone.utc) and date.utcoffset() == offset,
          f"{label}: Date is now in {zone} ({offset})", str(msg["Date"]))
    sender = msg["From"].addresses[0]
    check((sender.display_name, sender.addr_spec) == ("Zoë Tremblay", "zoe@example.org"), f"{label}: From")
    check([a.addr_spec for a in msg["To"].addresses] == to, f"{label}: To", str(msg["To"]))
    check(msg["Content-Language"] == locale.replace("_", "-"), f"{label}: Content-Language")
    check(msg["Auto-Submitted"] == "auto-generated", f"{label}: Auto-Submitted")
    check(msg["MIME-Version"] == "1.0", f"{label}: MIME-Version")
    mid = str(msg["Message-ID"])
    check(mid.startswith("<") and mid.endswith("@example.org>"), f"{label}: Message-ID", mid)
    check(msg.get_content_type() == "multipart/alternative", f"{label}: multipart/alternative")
    parts = list(msg.iter_parts())
    check([p.get_content_type() for p in parts] == ["text/plain", "text/html"], f"{label}: plain then HTML")
    check(all(p.get_content_charset() == "utf-8" for p in parts), f"{label}: both parts UTF-8")
    check_text_part(canonical(parts[0].get_content()), report_args(locale), label)
    html = canonical(parts[1].get_content())
    check(html == writer_output(locale, "html", "--no-details"),
          f"{label}: text/html part is the html writer's output without details")
    check('href="#task-' not in html, f"{label}: no task title links to a details part that is not there")
    return mid


def parse_mode():
    for locale in CASES:
        label = f"parse {locale}"
        status, raw, err = run(report_args(locale) + [
            "--format", "email", "--mail-from", FROM, "--mail-to", "a@example.org", "--mail-to",
            "posttimtest@localhost", "--mail-cc", CC, "--reply-to", REPLY_TO])
        check(status == 0 and err == "", f"{label}: exit 0, no warning", err)
        check_wire(raw, label)
        msg = email.message_from_bytes(raw, policy=policy.default)
        check_message(msg, locale, label, ["a@example.org", "posttimtest@localhost"])
        cc = [(a.display_name, a.addr_spec) for a in msg["Cc"].addresses]
        check(cc == [("Cohen, עדי", "adi@example.org"), ("山田太郎", "yamada@example.org")], f"{label}: Cc", cc)
        reply = msg["Reply-To"].addresses[0]
        check((reply.display_name, reply.addr_spec) == ("فاطمة الزهراء", "fatima@example.org"), f"{label}: Reply-To")
    # A subject mixing emoji, Arabic, Hebrew and a skin-tone ZWJ sequence,
    # long enough to be folded into several encoded words.
    subject = ("📅 Agenda — جدول أعمال اليوم ✓ סדר יום להיום 👩🏽‍💻 "
               "Réunion d'équipe à 12 h 30 · 会議 · مراجعة =?not-encoded?= 🇨🇦")
    status, raw, err = run(report_args("fr_CA") + ["--format", "email", "--mail-to", "a@example.org",
                                                   "--mail-from", FROM, "--subject", subject])
    check(status == 0, "emoji + RTL subject: exit 0", err)
    check_wire(raw, "emoji + RTL subject")
    msg = email.message_from_bytes(raw, policy=policy.default)
    check(str(msg["Subject"]) == subject, "emoji + RTL subject round-trips", repr(str(msg["Subject"])))
    check(all_defects(msg) == [], "emoji + RTL subject: no defects", all_defects(msg))
    header_lines = raw.split(b"\r\n\r\n")[0].split(b"\r\n")
    subject_lines = [l for l in header_lines if l.startswith(b"Subject:")]
    index = header_lines.index(subject_lines[0])
    folded = 1
    while header_lines[index + folded].startswith(b" "):
        folded += 1
    check(folded >= 3, "emoji + RTL subject is folded over several lines", folded)
    clipped_mode_check()


def clipped_mode_check():
    """A report whose HTML is over Gmail's ~102 KB: the HTML part starts
    with the catalog's mail.clipped note, the plain part is complete."""
    import plistlib
    import tempfile
    tasks = [{"tache": f"Tâche numéro {n}", "date": datetime(2026, 11, 30, 15, n % 60, tzinfo=timezone.utc),
              "importance": str(1 + n % 9), "description": "Une description assez longue pour grossir le message. " * 3}
             for n in range(400)]
    with tempfile.NamedTemporaryFile(suffix=".plist", delete=False) as f:
        plistlib.dump(tasks, f)
    args = [f.name, "--locale", "fr_CA", "--time-zone", "America/Toronto", "--now", NOW, "--to", "2026-12-01"]
    status, raw, err = run(args + ["--format", "email", "--mail-to", "a@example.org", "--mail-from", FROM])
    check(status == 0, "long report: exit 0", err)
    check_wire(raw, "long report")
    msg = email.message_from_bytes(raw, policy=policy.default)
    check(all_defects(msg) == [], "long report: no defects")
    plain, html = [canonical(p.get_content()) for p in msg.iter_parts()]
    html_out = subprocess.run([BINARY] + args + ["--format", "html", "--no-details"],
                              capture_output=True).stdout.decode()
    check_text_part(plain, args, "long report")
    os.unlink(f.name)
    check(len(html_out.encode()) > 102_000, "long report: the HTML writer's output is over 102 KB", len(html_out))
    check(plain.endswith("Généré par posttim-report 0.1.0 le 30 nov. 2026, 09 h 00\n"),
          "long report: the plain-text part is complete, to its last line", plain[-200:])
    note = json.loads((ROOT / "Templates/messages/fr.json").read_text())["mail.clipped"]
    note_html = note.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;")
    check(note_html in html, "long report: the HTML part carries the French clipping note")
    body_at = html.index(">", html.index("<body")) + 1
    first = html[body_at:].lstrip("\n")
    check(first.startswith("<p role=\"note\"") and note_html in first.split("</p>")[0],
          "long report: the note is the body's first paragraph")
    without = html[:body_at] + html[body_at:].split("</p>\n", 1)[1]
    check(canonical(without) == html_out, "long report: the rest of the HTML part is the HTML writer's output")


def deliver_mode():
    spool = Path("/var/mail/posttimtest")
    if spool.exists():
        spool.write_bytes(b"")
    marker = f"deliver-{uuid.uuid4().hex}@example.org"
    for locale in ["fr_CA", "ar_EG"]:
        status, out, err = run(report_args(locale) + [
            "--send", "--mail-from", FROM, "--mail-to", "posttimtest@localhost", "--reply-to", marker])
        check(status == 0 and out == b"", f"deliver {locale}: --send exits 0 and writes nothing to stdout", err)
    messages = delivered(marker, 2)
    check(len(messages) == 2, "both messages delivered to /var/mail/posttimtest", len(messages))
    by_language = {m["Content-Language"]: (raw, m) for raw, m in messages}
    for locale in ["fr_CA", "ar_EG"]:
        raw, msg = by_language.get(locale.replace("_", "-"), (None, None))
        check(msg is not None, f"deliver {locale}: found in the mailbox")
        if msg is None:
            continue
        check_message(msg, locale, f"deliver {locale}", ["posttimtest@localhost"])
        check("Received" in msg, f"deliver {locale}: went through the MTA (Received header)")
        # The mbox stores LF line ends; the body lines as stored are still
        # at most 78 characters.
        body = raw.split(b"\n\n", 1)[1]
        longest = max(len(l) for l in body.split(b"\n"))
        check(longest <= 78, f"deliver {locale}: delivered body lines at most 78 characters", longest)
    if messages:
        html = next(p for p in messages[-1][1].walk() if p.get_content_type() == "text/html").get_content()
        Path("/tmp/posttim-delivered.html").write_text(html)


if __name__ == "__main__":
    parse_mode() if MODE == "parse" else deliver_mode()
    finish()
