import Foundation
import PosttimICU
import Testing

@testable import PosttimReport

/// The MIME building blocks, against the RFCs' own examples and values
/// worked out by hand (the bytes of "é" are C3 A9, and so on).
@Suite("Mail: MIME message parts")
struct MailTests {
  @Test("base64: the RFC 4648 §10 test vectors")
  func base64Vectors() {
    let vectors = [
      "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy",
    ]
    for (input, output) in vectors { #expect(Base64Lines.encode(Array(input.utf8)) == output) }
  }

  @Test("base64 bodies: 76-character lines, CRLF")
  func base64Body() {
    let body = Base64Lines.body([UInt8](repeating: 0, count: 60))  // 80 characters of "A"
    #expect(body == String(repeating: "A", count: 76) + "\r\n" + "AAAA\r\n")
  }

  @Test("encoded words: 'Zoë' is 5A 6F C3 AB")
  func encodedWord() {
    #expect(EncodedWord.encode("Zoë") == ["=?UTF-8?B?Wm/Dqw==?="])
  }

  @Test("encoded words hold whole characters, at most 75 characters each")
  func encodedWordSplit() throws {
    let text = String(repeating: "é", count: 30) + "👩🏽‍💻" + String(repeating: "ع", count: 25)
    let words = EncodedWord.encode(text)
    var decoded = ""
    for word in words {
      #expect(word.count <= 75)
      #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
      let payload = String(word.dropFirst(10).dropLast(2))
      let bytes = try #require(Data(base64Encoded: payload))
      // Each word alone is valid UTF-8: no sequence is split.
      decoded += try #require(String(data: bytes, encoding: .utf8))
    }
    #expect(decoded == text)
    // 30 × "é" is 60 bytes: 19 fit in 39 bytes.
    #expect(
      try String(data: #require(Data(base64Encoded: String(words[0].dropFirst(10).dropLast(2)))), encoding: .utf8)
        == String(repeating: "é", count: 19))
  }

  @Test("quoted-printable: RFC 2045 §6.7 rules 1–5")
  func quotedPrintable() {
    #expect(QuotedPrintable.body("a=b\n") == "a=3Db\r\n")
    #expect(QuotedPrintable.body("café\n") == "caf=C3=A9\r\n")
    #expect(QuotedPrintable.body("end \nnext\t\n") == "end=20\r\nnext=09\r\n")
    #expect(QuotedPrintable.body("no final break") == "no final break")
    #expect(QuotedPrintable.body("CRLF\r\nin\r\n") == "CRLF\r\nin\r\n")
    // 100 "x": 75 and a soft break, then 25.
    #expect(
      QuotedPrintable.body(String(repeating: "x", count: 100)) == String(repeating: "x", count: 75) + "=\r\n"
        + String(repeating: "x", count: 25))
    // Exactly 76 fits on one line.
    #expect(QuotedPrintable.body(String(repeating: "x", count: 76)) == String(repeating: "x", count: 76))
    // An =XX triple is never split: 74 "x" then "é" (=C3=A9).
    #expect(
      QuotedPrintable.body(String(repeating: "x", count: 74) + "é") == String(repeating: "x", count: 74) + "=\r\n=C3=A9"
    )
    // mbox "From " lines and SMTP's lone dot.
    #expect(QuotedPrintable.body("From here\n.\nFrance\n") == "=46rom here\r\n=2E\r\nFrance\r\n")
  }

  @Test("transfer encoding: quoted-printable for French, base64 for Arabic")
  func encodingChoice() {
    #expect(TransferEncoding.encode("Café avec Jean-François\n").0 == .quotedPrintable)
    #expect(TransferEncoding.encode("جدول الأعمال اليوم\n").0 == .base64)
    // base64 carries the canonical CRLF form (RFC 2046 §4.1.1).
    #expect(TransferEncoding.encode("عربي\n").1 == Base64Lines.body(Array("عربي\r\n".utf8)))
  }

  @Test("unstructured headers: ASCII words stay, non-ASCII runs are encoded whole, folded at 78")
  func subject() throws {
    let field = try HeaderField.unstructured("Subject", "Agenda du lundi 30 novembre")
    #expect(field.rendered == "Subject: Agenda du lundi 30 novembre\r\n")
    // "é t" is one run: the space between two encoded words would be lost.
    let mixed = try HeaderField.unstructured("Subject", "Tâche é t")
    #expect(mixed.words == EncodedWord.encode("Tâche é") + ["t"])
    let long = try HeaderField.unstructured("Subject", Array(repeating: "word", count: 40).joined(separator: " "))
    let lines = long.rendered.components(separatedBy: "\r\n").dropLast()
    #expect(lines.allSatisfy { $0.count <= 78 })
    #expect(lines.count == 3)
    #expect(
      long.rendered.replacingOccurrences(of: "\r\n", with: "") == "Subject: "
        + Array(repeating: "word", count: 40).joined(separator: " "))
    // Text that looks like an encoded word is encoded, so it is not decoded.
    #expect(try HeaderField.unstructured("Subject", "=?x?=").words == EncodedWord.encode("=?x?="))
  }

  @Test("header injection: CR, LF and NUL are refused")
  func injection() {
    for bad in ["a\r\nBcc: x@example.org", "a\nb", "a\rb", "a\0b"] {
      #expect(throws: MailError.self) { try HeaderField.unstructured("Subject", bad) }
      #expect(throws: MailError.self) { try MailAddress("x@example.org" + bad, what: "--mail-to") }
    }
    let error = try? #require(throws: MailError.self) {
      try MailAddress("a@example.org\nBcc: b@example.org", what: "--mail-to")
    }
    #expect(error?.kind == .headerInjection)
    #expect(error?.message == "--mail-to contains a line feed (LF), which is not allowed in an e-mail header")
  }

  @Test("addresses: RFC 5322 §3.4 mailboxes")
  func addresses() throws {
    let plain = try MailAddress("  posttimtest@localhost ", what: "--mail-to")
    #expect(plain.addrSpec == "posttimtest@localhost" && plain.displayName == nil && plain.domain == "localhost")
    let named = try MailAddress("Zoë Tremblay <zoe@example.org>", what: "--mail-from")
    #expect(named.displayName == "Zoë Tremblay" && named.addrSpec == "zoe@example.org")
    #expect(named.headerWords == ["=?UTF-8?B?Wm/DqyBUcmVtYmxheQ==?=", "<zoe@example.org>"])
    let quoted = try MailAddress("\"Tremblay, J. \\\"Jo\\\"\" <jo@example.org>", what: "--mail-to")
    #expect(quoted.displayName == "Tremblay, J. \"Jo\"")
    #expect(quoted.headerWords == ["\"Tremblay, J. \\\"Jo\\\"\"", "<jo@example.org>"])
    #expect(try MailAddress("Jo Smith <jo@example.org>", what: "x").headerWords == ["Jo", "Smith", "<jo@example.org>"])
    #expect(try MailAddress("\"john doe\"@example.org", what: "x").addrSpec == "\"john doe\"@example.org")
    #expect(try MailAddress("x@[192.0.2.1]", what: "x").domain == "192.0.2.1")
    #expect(try MailAddress("o'brien+tag@mail.example.org", what: "x").addrSpec == "o'brien+tag@mail.example.org")
    let list = try MailAddress.list("a@example.org, \"Tremblay, Zoë\" <b@example.org>,c@example.org", what: "--mail-to")
    #expect(list.map(\.addrSpec) == ["a@example.org", "b@example.org", "c@example.org"])
    #expect(list[1].displayName == "Tremblay, Zoë")
  }

  @Test(
    "addresses that are not addr-specs are refused with the reason",
    arguments: [
      ("zoe", "it has no '@'"), ("zoe@", "nothing after '@'"), ("@example.org", "nothing before '@'"),
      ("a..b@example.org", "the part before '@' is not a dot-atom (RFC 5322 §3.2.3)"),
      ("a@example..org", "the domain is not a dot-atom (RFC 5322 §3.4.1)"),
      (
        "zoë@example.org",
        "only ASCII letters, digits and symbols are supported (RFC 5322 §3.4.1; RFC 6531 addresses are not)"
      ),
      ("zoe tremblay@example.org", "the part before '@' is not a dot-atom (RFC 5322 §3.2.3)"),
      ("Zoë <>", "it is empty"),
    ])
  func badAddresses(input: String, reason: String) {
    let error = try? #require(throws: MailError.self) { try MailAddress(input, what: "--mail-to") }
    #expect(error?.message == "--mail-to: '\(input)' is not an e-mail address: \(reason)")
  }

  @Test("very long values still fold within 78 columns (never near 998 octets)")
  func longValues() throws {
    let subject = try HeaderField.unstructured("Subject", String(repeating: "x", count: 3000))
    #expect(subject.rendered.components(separatedBy: "\r\n").dropLast().allSatisfy { $0.count <= 78 })
    let name = try MailAddress("\"" + String(repeating: "a,", count: 200) + "\" <a@example.org>", what: "x")
    let field = MailSettings.addressField("From", [name])
    #expect(field.rendered.components(separatedBy: "\r\n").dropLast().allSatisfy { $0.count <= 78 })
    #expect(field.words.dropLast().allSatisfy { $0.hasPrefix("=?UTF-8?B?") })
  }

  @Test("address lists fold between mailboxes")
  func addressField() throws {
    let addresses = try (1...6).map {
      try MailAddress("Person Number \($0) <person.number.\($0)@example.org>", what: "x")
    }
    let rendered = MailSettings.addressField("To", addresses).rendered
    #expect(rendered.components(separatedBy: "\r\n").dropLast().allSatisfy { $0.count <= 78 })
    #expect(
      rendered.hasPrefix(
        "To: Person Number 1 <person.number.1@example.org>, Person Number 2\r\n <person.number.2@example.org>,"))
  }

  @Test("Date: RFC 5322 §3.3 in the report's zone, offsets from the tz database")
  func date() throws {
    let instant = Date(timeIntervalSince1970: 1_796_047_200)  // 2026-11-30T14:00:00Z
    #expect(
      try MailDate.string(instant, timeZone: TimeZoneIdentifier("America/Toronto")) == "Mon, 30 Nov 2026 09:00:00 -0500"
    )
    #expect(
      try MailDate.string(instant, timeZone: TimeZoneIdentifier("Asia/Kolkata")) == "Mon, 30 Nov 2026 19:30:00 +0530")
    #expect(try MailDate.string(instant, timeZone: .utc) == "Mon, 30 Nov 2026 14:00:00 +0000")
    // 2026-07-01T12:00:00Z: daylight time in Toronto.
    #expect(
      try MailDate.string(Date(timeIntervalSince1970: 1_782_907_200), timeZone: TimeZoneIdentifier("America/Toronto"))
        == "Wed, 01 Jul 2026 08:00:00 -0400")
  }

  @Test("Message-ID: unique per call, the sender's domain on the right")
  func messageID() {
    let now = Date(timeIntervalSince1970: 1_796_047_200)
    let a = MessageID.make(domain: "example.org", now: now)
    let b = MessageID.make(domain: "example.org", now: now)
    #expect(a != b)
    #expect(a.hasPrefix("<1796047200.") && a.hasSuffix("@example.org>"))
    #expect(MessageID.make(domain: "bad domain", now: now).hasSuffix("@localhost>"))
  }

  @Test("the host name is the kernel's, up to its NUL")
  func hostName() throws {
    let kernel = try String(contentsOfFile: "/proc/sys/kernel/hostname", encoding: .utf8)
      .trimmingCharacters(in: .newlines)
    #expect(MessageID.hostName == (kernel.isEmpty ? nil : kernel))
  }

  @Test("the clipping note goes first in the body, escaped")
  func clippedNote() {
    let page = "<!DOCTYPE html>\n<html lang=\"fr\">\n<body class=\"x\">\n<h1>Agenda</h1>\n</body>\n</html>\n"
    let noted = EmailReportWriter.insertingNote("Long <message> & plus", into: page)
    #expect(
      noted == "<!DOCTYPE html>\n<html lang=\"fr\">\n<body class=\"x\">\n"
        + "<p role=\"note\" style=\"margin:0 0 1em;padding:.5em;border:1px solid #c90;\">Long &lt;message&gt; &amp; plus</p>\n"
        + "\n<h1>Agenda</h1>\n</body>\n</html>\n")
  }
}
