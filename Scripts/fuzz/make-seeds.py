#!/usr/bin/env python3
"""Writes the hand-made seeds under seeds/ (deterministic; the committed
files are its output plus copies of the project's examples and templates).

Binary plists are assembled by hand so that they can be wrong in ways
plistlib refuses to write: cycles in the object table, counts far past the
end of the file, offsets out of range, truncated trailers.
"""
import pathlib
import shutil
import struct

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SEEDS = HERE / "seeds"


def bplist(objects, top=0, offset_size=2, ref_size=1, count=None, table_offset=None):
    """objects: list of encoded object bytes, in table order."""
    body = b"bplist00"
    offsets = []
    for obj in objects:
        offsets.append(len(body))
        body += obj
    table = len(body)
    for off in offsets:
        body += off.to_bytes(offset_size, "big")
    trailer = bytes(6) + bytes([offset_size, ref_size])
    trailer += struct.pack(">QQQ", len(objects) if count is None else count, top,
                           table if table_offset is None else table_offset)
    return body + trailer


def marker(kind, count):
    if count < 15:
        return bytes([kind << 4 | count])
    return bytes([kind << 4 | 0xF, 0x13]) + count.to_bytes(8, "big")


def ascii_string(text):
    data = text.encode()
    return marker(0x5, len(data)) + data


def array(refs, ref_size=1):
    return marker(0xA, len(refs)) + b"".join(r.to_bytes(ref_size, "big") for r in refs)


def dict_(keys, values):
    return marker(0xD, len(keys)) + bytes(keys) + bytes(values)


def date(seconds_since_2001):
    return b"\x33" + struct.pack(">d", seconds_since_2001)


def task_objects():
    # 0: array [1]; 1: dict; 2..5 keys; 6..8 values
    return [
        array([1]),
        dict_([2, 3, 4], [5, 6, 7]),
        ascii_string("tache"), ascii_string("date"), ascii_string("importance"),
        ascii_string("Remettre le TP"), date(815_000_000.0), ascii_string("8"),
    ]


def write(name, data):
    path = SEEDS / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def decoder_seeds():
    for source in [ROOT / "Examples/listeDesTaches.plist", ROOT / "Examples/listeDesTaches.bplist",
                   ROOT / "Tests/Fixtures/hostile.plist"]:
        shutil.copy(source, SEEDS / "decoder" / source.name)
    write("decoder/bin-task.bplist", bplist(task_objects()))
    write("decoder/bin-cycle.bplist", bplist([array([0])]))
    write("decoder/bin-mutual-cycle.bplist", bplist([array([1]), dict_([2], [0]), ascii_string("k")]))
    write("decoder/bin-deep-150.bplist", bplist([array([i + 1]) for i in range(150)] + [ascii_string("x")]))
    write("decoder/bin-deep-99.bplist", bplist([array([i + 1]) for i in range(98)] + [array([])]))
    huge = (1 << 63) - 1
    write("decoder/bin-huge-array-count.bplist", bplist([marker(0xA, huge) + b"\x00"]))
    write("decoder/bin-huge-string-count.bplist", bplist([array([1]), marker(0x5, huge) + b"abc"]))
    write("decoder/bin-huge-object-count.bplist", bplist(task_objects(), count=1 << 40))
    write("decoder/bin-top-out-of-range.bplist", bplist(task_objects(), top=200))
    write("decoder/bin-table-past-end.bplist", bplist(task_objects(), table_offset=1 << 50))
    write("decoder/bin-wide-refs.bplist",
          bplist([array([1, 1, 1, 1], ref_size=8), array([2, 2], ref_size=8), ascii_string("s")], ref_size=8, offset_size=8))
    whole = bplist(task_objects())
    write("decoder/bin-truncated-trailer.bplist", whole[:-7])
    write("decoder/bin-header-only.bplist", b"bplist00")
    write("decoder/bin-version-01.bplist", b"bplist01" + whole[8:])

    shared_reference_seeds()

    head = b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n'
    task = (b"<dict><key>tache</key><string>t</string><key>date</key><date>2026-11-30T13:00:00Z</date>"
            b"<key>importance</key><integer>3</integer><key>description</key><string>d &amp; &#x1F600;</string></dict>")
    write("decoder/xml-min.plist", head + b"<array>" + task + b"</array></plist>")
    write("decoder/xml-deep-150.plist", head + b"<array>" * 150 + b"</array>" * 150 + b"</plist>")
    write("decoder/xml-deep-dict.plist", head + b"<array>" + b"<dict><key>k</key>" * 60 + b"<true/>" + b"</dict>" * 60 + b"</array></plist>")
    write("decoder/xml-bad-date.plist", head + b"<array>" + task.replace(b"2026-11-30", b"2026-02-30") + b"</array></plist>")
    write("decoder/xml-types.plist", head + b"<array><dict><key>tache</key><string>t</string><key>date</key>"
          b"<date>0001-01-01T00:00:00Z</date><key>importance</key><string>9</string><key>x</key><array><real>1e308</real>"
          b"<integer>-9223372036854775808</integer><integer>99999999999999999999</integer><data>AAEC</data><false/>"
          b"<array/><dict/></array></dict></array></plist>")
    write("decoder/xml-comments-cdata.plist", head + b"<!-- <array> --><array><![CDATA[</array>]]>" + task + b"</array></plist>")
    write("decoder/xml-doctype-pi.plist", b'<?xml version="1.0"?><?pi </array> ?><!DOCTYPE plist [ <!ENTITY e "x"> ]><plist><array/></plist>')
    write("decoder/xml-root-dict.plist", head + b"<dict><key>a</key><string>b</string></dict></plist>")
    write("decoder/openstep.plist", b'( { tache = t; date = "2026"; } )')
    write("decoder/xml-utf16.plist", '<?xml version="1.0" encoding="UTF-16"?><plist><array/></plist>'.encode("utf-16"))


def shared_reference_seeds():
    """Binary lists whose objects are referenced from many places (issue 12,
    items 1-3): the reader must decode each object once and bound what the
    references expand to."""
    keys = [ascii_string("tache"), ascii_string("date"), ascii_string("importance"), ascii_string("extra")]
    # 0 root; 1 task; 2-5 keys; 6-8 values; 9 string "x"; 10.. a chain of
    # arrays each holding the previous one twice (object 9 is the first).
    def chain(depth):
        objects = [array([1]), dict_([2, 3, 4, 5], [6, 7, 8, 10 + depth - 1])] + keys + [
            ascii_string("t"), date(815_000_000.0), ascii_string("5"), ascii_string("x")]
        objects += [array([9 + i, 9 + i]) for i in range(depth)]
        return bplist(objects)
    write("decoder/bin-shared-chain-8.bplist", chain(8))
    write("decoder/bin-shared-chain-40.bplist", chain(40))
    # One task referenced 200 times from the root array.
    write("decoder/bin-shared-task.bplist", bplist([array([1] * 200)] + task_objects()[1:]))
    # One 4 KB description referenced by 6,000 entries: past the budget.
    objects = [array([1] * 6000, ref_size=2), dict_([2, 3, 4, 5], [6, 7, 8, 9])] + [
        ascii_string("tache"), ascii_string("date"), ascii_string("importance"), ascii_string("description"),
        ascii_string("t"), date(815_000_000.0), ascii_string("5"), ascii_string("d" * 4096)]
    objects[1] = marker(0xD, 4) + b"".join(i.to_bytes(2, "big") for i in [2, 3, 4, 5, 6, 7, 8, 9])
    write("decoder/bin-amplified.bplist", bplist(objects, ref_size=2))
    # A key given twice (the first value invalid, hidden by the second).
    objects = [array([1]), dict_([2, 3, 4, 4], [5, 6, 7, 8]), ascii_string("tache"), ascii_string("date"),
               ascii_string("importance"), ascii_string("t"), date(815_000_000.0), ascii_string("urgent"), ascii_string("5")]
    write("decoder/bin-duplicate-key.bplist", bplist(objects))


def template_seeds():
    for path in sorted((ROOT / "Templates").rglob("*.mustache")):
        rel = path.relative_to(ROOT / "Templates")
        shutil.copy(path, SEEDS / "template" / str(rel).replace("/", "_"))
    # Parts are separated by NUL: templates "main", "a", "b".
    write("template/partials.mustache", b"{{>a}}|{{>b}}\0A{{title}}{{>b}}\0{{#tasks}}{{tache}}{{/tasks}}")
    write("template/inheritance.mustache", b"{{<a}}{{$x}}over{{/x}}{{/a}}\0[{{$x}}default{{/x}}]\0")
    write("template/recursion.mustache", b"{{>main}}")
    write("template/dynamic.mustache", b"{{>*name}}{{<*name}}{{/*name}}\0dyn")
    write("template/delimiters.mustache", b"{{=<% %>=}}<%title%><%={{ }}=%>{{{title}}}{{&title}}")
    write("template/sections.mustache", b"{{#tasks}}\n  {{#tags}}{{.}},{{/tags}}\n{{^tags}}none{{/tags}}{{/tasks}}{{! c }}{{nested.a.b.c}}")
    write("template/standalone.mustache", b"  {{>a}}\n\t{{#yes}}\n x\n{{/yes}}\n\0line1\nline2\n")


def iso_seeds():
    for i, text in enumerate(["2026-11-30", "2026-11-30T09:00", "2026-11-30T09:00:00Z",
                              "2026-11-30t09:00:00.123456+05:45", "2024-02-29 23:59:59,5-0530",
                              "0000-01-01T00:00:00-23:59", "9999-12-31T23:59:59+00:00"]):
        write(f"iso8601/{i}.txt", text.encode())


def config_seeds():
    """A first byte that is even runs the report (--dump-context), odd runs
    preview: each seed comes both ways where it matters."""
    cron = (ROOT / "Examples/cron.conf").read_bytes()
    write("config/cron.conf", cron)
    write("config/cron-report.conf", b"\n" + cron)
    write("config/crlf.conf", b"\nlocale = en_US\r\nformat = csv\r\nmail-to = a@b.c\r\n")
    write("config/cr.conf", b"\nsubject = Agenda\rsend = true\rformat = email\rmail-to = a@example.org\r")
    write("config/quoted.conf", b'\nmail-to = "Tremblay, Zo\xc3\xab" <z@example.org>\n'
          b'subject = "  {count, plural, one {# t\\"che} other {# t\\\\ches}} \\" "\nformat = email\n')
    write("config/bom.conf", b"\xef\xbb\xbfformat = json\nlocale = ar_EG\ntime-zone = Asia/Tokyo\n")
    write("config/bad-lines.conf", b"\nfromat = csv\nlocale fr_CA\nno-relative = maybe\nformat = csv\nformat = html\n"
          b"help = true\n= x\nsubject = \"open\n\xff\xfe\n")
    write("config/values.conf", b"\nlocale = ja-JP-u-ca-japanese, he_IL\nskeleton = yMMMdjmm\nday-pattern = EEEE d 'de' MMMM\n"
          b"now = 2026-11-30T09:00:00-05:00\nfrom = 2026-11-29\nto = 2026-12-03\ndays = 36600\n"
          b"group-by = week\nwidth = 20\ncsv-delimiter = \\t\ntime-zone = AEST-10AEDT,M10.1.0,M4.1.0/3\n")
    write("config/preview.conf", b"#\nlocale = fr_CA\ntime-zone = EST\npattern = yyyy.MM.dd HH:mm\nskeleton = jm\n")
    write("config/long-line.conf", b"\nsubject = " + b"x" * 9000 + b"\nformat = zzzz" + b"y" * 300 + b"\n")
    write("config/many-errors.conf", b"\n" + b"nonsense\n" * 30)


def messageformat_seeds():
    """A locale byte (index into the harness's list), then a pattern: every
    message of the shipped catalogs, and hand-made ones for quoting,
    choice, offsets and nesting up to just past the 32-level limit."""
    import json
    for path in sorted((ROOT / "Templates" / "messages").glob("*.json")):
        for i, (key, text) in enumerate(sorted(json.loads(path.read_text()).items())):
            if "{" in text:
                write(f"messageformat/{path.stem}-{i}.txt", bytes([i % 8]) + text.encode())
    hand = [
        "{count, plural, offset:1 =0 {none} one {# task} other {{count, number} tasks}}",
        "'{'{a, select, other {'}' {b, select, other {x}}}}",
        "{a, plural, other {'#{b, select, other {{c, select, other {x}}}}' y}}",
        "{n, choice, 0#none|1#{m, select, other {{k, plural, other {#}}}}|2<many}",
        "{n, number, '{{{{'} {d, date, ::yMMMd} {a, selectordinal, one {#st} other {#th}}",
        "it''s {a} '{b}' ''{c}''",
        "{a,\u200eselect,\u2028other\u200e{{b,select,other{x}}}}",
        "{date,select,other{" * 32 + "z" + "}}" * 32,
        "{date,select,other{" * 33 + "z" + "}}" * 33,
        "{a,select,other{" * 40,
    ]
    for i, text in enumerate(hand):
        write(f"messageformat/hand-{i}.txt", bytes([i % 8]) + text.encode())


if __name__ == "__main__":
    decoder_seeds()
    template_seeds()
    iso_seeds()
    config_seeds()
    messageformat_seeds()
