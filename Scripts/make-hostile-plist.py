#!/usr/bin/env python3
"""Writes Tests/Fixtures/hostile.plist: a Post'TIM task list built to break writers.

It is a BINARY property list (plistlib.FMT_BINARY) on purpose: in an XML plist, Python's
plistlib turns CR and CR LF inside strings into LF while Foundation keeps them, so the two
readers would disagree about the very line breaks this list tests. In a binary plist a
string is stored as it is, and both read back the same characters.

The tasks hold: markup (<script>, &amp;, quotes), CSV/Markdown/iCalendar separators (| , ;),
backslashes, LF/CR LF/CR line breaks, U+2028/U+2029, tabs, right-to-left Arabic and Hebrew
with bidi controls, emoji with ZWJ sequences, skin tones and flags, combining marks (also
on a comma and a quote), a 5,000-character description, leading = + - @ (spreadsheet
formulas), an empty title, identical twins, and keys the app does not know.

Usage: python3 Scripts/make-hostile-plist.py [OUTPUT]   (default Tests/Fixtures/hostile.plist)
Deterministic: the same bytes on every run.
"""
import datetime
import pathlib
import plistlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "Tests" / "Fixtures" / "hostile.plist"


def at(day, hour, minute=0):
    """A naive datetime in UTC, as plistlib stores dates (2026-11-<day>)."""
    return datetime.datetime(2026, 11, 1) + datetime.timedelta(days=day - 1, hours=hour, minutes=minute)


def long_description():
    """Exactly 5,000 characters (code points), mixing 1- to 4-byte UTF-8 and separators."""
    unit = "Paragraphe long : é€😀, ; | \\ \"q\" <b>&amp;</b> "
    text = (unit * (5000 // len(unit) + 1))[:4999] + "!"
    assert len(text) == 5000
    return text


def tasks():
    return [
        {"tache": "<script>alert(1)</script>", "date": at(30, 13), "importance": "9",
         "description": "&amp; &lt;b&gt; <b>gras</b> <!-- commentaire --> ]]> \"double\" 'simple' `code` *star* _under_ [lien](javascript:alert(1))"},
        {"tache": "a|b,c;d", "date": at(30, 14), "importance": "5",
         "description": "pipe | virgule , point-virgule ; \"champ, cité\" || ;; ,,"},
        {"tache": "C:\\nouveau\\dossier\\", "date": at(30, 15), "importance": "5",
         "description": "\\\\serveur\\partage \\n pas un saut \\, \\; \\N \\\\ fin\\"},
        {"tache": "ligne 1\r\nligne 2", "date": at(30, 16), "importance": "4",
         "description": "LF\nCRLF\r\nCR\rfin\n\nvide au-dessus\u2028séparateur de ligne\u2029de paragraphe"},
        {"tache": "\tTabulation en tête", "date": at(30, 17), "importance": "3",
         "description": "a\tb\t\tc\t"},
        {"tache": "مرحبا بالعالم \u202eabc\u202c", "date": at(30, 18), "importance": "6",
         "description": "שלום עולם \u200f(1)\u200e \u2067מבודד\u2069 \u202bהטמעה\u202c \u061cعربي 123"},
        {"tache": "👩\u200d💻 👨\u200d👩\u200d👧\u200d👦 🏳️\u200d🌈 🇨🇦", "date": at(30, 19), "importance": "7",
         "description": "peau 👍🏽, touche 1️⃣, ZWJ seul \u200d, sélecteur \ufe0f"},
        {"tache": "e\u0301te\u0301 Z\u0324\u0344a\u0310l\u035cg\u0360o", "date": at(30, 20), "importance": "2",
         "description": "virgule combinée ,\u0301 guillemet combiné \"\u0301 point-virgule ;\u0301 barre |\u0301"},
        {"tache": "Description de 5 000 caractères", "date": at(30, 21), "importance": "1",
         "description": long_description()},
        {"tache": "=1+1", "date": at(29, 12), "importance": "8",
         "description": "=HYPERLINK(\"http://exemple.invalid\",\"clic\")"},
        {"tache": "+33 6 12 34 56 78", "date": at(29, 13), "importance": "8",
         "description": "-2+3"},
        {"tache": "-moins", "date": at(29, 14), "importance": "8",
         "description": "@SOMME(A1:A2)"},
        {"tache": "@mention", "date": at(29, 15), "importance": "8",
         "description": "+plus"},
        {"tache": "", "date": at(30, 22), "importance": "1", "description": ""},
        {"tache": "Jumeau identique", "date": at(30, 23), "importance": "5", "description": "même contenu"},
        {"tache": "Jumeau identique", "date": at(30, 23), "importance": "5", "description": "même contenu"},
        {"tache": "  espaces autour  ", "date": at(30, 23, 30), "importance": 9,
         "description": " espace en tête, en fin "},
        {"tache": "Clés inconnues", "date": at(30, 23, 45), "importance": "5",
         "description": "voir les champs en plus",
         "couleur": "rouge",
         "<script>": "</td></tr><tr><td>injection",
         "nombre": 42,
         "reel": 1.5,
         "drapeau": True,
         "quand": datetime.datetime(2026, 12, 25, 5, 0, 0),
         "donnees": b"\x00\xffPost'TIM",
         "liste": ["a", 1, "b\"c"],
         "dico": {"z": 1, "a": "x"}},
    ]


def main():
    output = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUTPUT
    output.parent.mkdir(parents=True, exist_ok=True)
    data = plistlib.dumps(tasks(), fmt=plistlib.FMT_BINARY, sort_keys=True)
    output.write_bytes(data)
    print(f"{output}: {len(tasks())} tasks, {len(data)} bytes")


if __name__ == "__main__":
    main()
