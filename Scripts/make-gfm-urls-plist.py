#!/usr/bin/env python3
"""Write Tests/Fixtures/gfm-urls.plist: tasks whose text holds bare URLs beside Markdown
markup characters, for the GFM autolink check in Scripts/check-consumers.sh (a title holding
https://example.org/a_b.pdf must link to exactly that URL, http://exemple.fr/~prof/tp*3 to that
URL with no backslash in it, https://en.wikipedia.org/wiki/Mercury_(planet) likewise; what GFM
trims off the end of a link written with backslashes, such as the _ of www.ex.org/a&foo;_, stays
out of it; a URL after an open [ is linked by none, as GFM links none typed there).

Usage: make-gfm-urls-plist.py OUTPUT.plist
"""
import datetime
import plistlib
import sys

when = datetime.datetime(2026, 11, 30, 15, 0)
tasks = [
    ("Lire https://example.org/a_b.pdf ce soir", "Voir www.example.org/notes_2026/plan_b.html avant midi."),
    ("Formulaire https://example.org/form?id=12&lang=fr_CA", "(https://example.org/in_paren) puis HTTPS://EXAMPLE.ORG/Up_Case."),
    ("Écrire à jean_francois@example.org", "*gras* _x_ ~~barré~~ <title>x</title> [ ] - [x] a\\b | c"),
    ("Tâche ftp://ftp.example.org/pub/a_b.tar.gz", "https://example.org/a_b.pdf, https://example.org/x_y."),
    ("TP http://exemple.fr/~prof/tp*3 et www.exemple.fr/~prof/tp_4", "(https://exemple.fr/a*b~c) puis https://exemple.fr/~x~ fin*"),
    ("Lire https://en.wikipedia.org/wiki/Mercury_(planet) et https://ex.org/é_à", "https://ex.org/a__b https://ex.org/_hidden https://ex.org/?q=a_b&x=_"),
    ("Dossier https://ex.org/a\\b puis https://ex.org/a* fin", "https://ex.org/a_b.pdf https://ex.org/file_2026.pdf https://ex.org/a_b#frag_1"),
    ("Voir https://ex.org/?a=1&amp; fin et https://ex.org/a&lt; puis https://ex.org/a&b;", "https://ex.org/<x https://ex.org/a_b<x https://ex.org/a&copy;)"),
    ("Réf https://ex.org/a&#;b et https://ex.org/a&#x;b fin", "https://ex.org/a&#1234567890; https://ex.org/a\\&amp; https://ex.org/a&1b;c"),
    ("Crochets [https://ex.org/a&b;c] et [x www.ex.org/a_b] fin", "www.ex.org/a_&b;_ fin"),
    ("www.ex.org/a&foo;_ fin", "https://ex.org/a|&foo;_ fin"),
    ("Fin https://ex.org/~a>b et www.ex.org/a>b_", "https://ex.org/a|b)_) fin"),
    ("www.ex.org/a~. x", "www.ex.org/a_~ x"),
    ("[x] https://ex.org/a_b_", "www.ex.org/a.*_. fin"),
    ("Barre www.ex.org/a\\b et www.ex.org/a*.b fin", "www.ex.org/M_(p)|x fin"),
    ("www.ex.org/a_.b fin", "https://ex.org/a|b__c*(d)"),
]
entries = [
    {"tache": title, "date": when + datetime.timedelta(minutes=index), "importance": str(min(index + 2, 9)), "description": text}
    for index, (title, text) in enumerate(tasks)
]
with open(sys.argv[1], "wb") as output:
    plistlib.dump(entries, output, sort_keys=True)
