import Foundation
import PosttimReportCLI
import TestSupport

/// A roster in a fresh folder: `roster.csv` (the given rows under the
/// given header), the example task list as `tasks.plist`, a state folder,
/// and `sendmail.sh`, a real program that appends each message it is
/// handed to `mailbox`, then a separator line.
struct RosterFixture {
  let folder: URL
  var roster: String { folder.appending(path: "roster.csv").path }
  var state: String { folder.appending(path: "state").path }
  var sendmail: String { folder.appending(path: "sendmail.sh").path }
  var mailbox: String { folder.appending(path: "mailbox").path }
  static let separator = "\n--posttim-test-end-of-message--\n"

  init(_ csv: String) throws {
    folder = try temporaryFolder()
    try FileManager.default.copyItem(at: TestPaths.example, to: folder.appending(path: "tasks.plist"))
    try csv.write(toFile: roster, atomically: true, encoding: .utf8)
    let script =
      "#!/bin/sh\n{ cat; printf '\(Self.separator.replacingOccurrences(of: "\n", with: "\\n"))'; } >> '\(mailbox)'\n"
    try script.write(toFile: sendmail, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sendmail)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }

  /// A config file `config` in the folder holding `text`, private as a
  /// config file must be; its path.
  func config(_ text: String) throws -> String {
    let path = folder.appending(path: "config").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    return path
  }

  /// The Message-ID this roster's reader `id` gets on `day` (`YYYYMMDD`).
  func messageID(_ id: String, _ day: String, _ domain: String = "example.org") -> String {
    rosterMessageID(id, day, domain, roster: URL(fileURLWithPath: roster).resolvingSymlinksInPath().path)
  }

  /// What a run that starts the journal says on standard error.
  static func newJournalNote(_ state: String) -> String {
    "posttim-report: note: no journal in \(state) yet: every due reader counts as not yet served"
  }

  /// `posttim-report roster roster.csv --send` through `sendmail.sh`, at
  /// `now` (`joined`: standard error in standard output's file, ``CapturedRun``).
  func send(
    at now: String, _ extra: [String] = [], sendmail: String? = nil, joined: Bool = false
  ) -> (ExitCode, CapturedRun) {
    let run = CapturedRun(joined: joined)
    let status = run.run(
      [
        "roster", roster, "--send", "--sendmail", sendmail ?? self.sendmail, "--state", state, "--mail-from",
        "roster@example.org",
        "--now", now,
      ] + extra)
    return (status, run)
  }

  /// The messages `sendmail.sh` was handed, in order.
  var messages: [String] {
    guard let text = try? String(contentsOfFile: mailbox, encoding: .utf8) else { return [] }
    return text.components(separatedBy: Self.separator).dropLast()
  }
}

/// A header's value in a message (`Name: value`, unfolded lines only).
func header(_ name: String, in message: String) -> String? {
  let head = message.components(separatedBy: "\r\n\r\n")[0]
  return head.components(separatedBy: "\r\n").first { $0.hasPrefix(name + ": ") }.map {
    String($0.dropFirst(name.count + 2))
  }
}

/// The message with quoted-printable undone (soft line breaks joined,
/// `=XX` decoded), so a body's words can be searched.
func quotedPrintableDecoded(_ message: String) -> String {
  let bytes = Array(message.utf8)
  var out: [UInt8] = []
  var index = 0
  func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x37
    default: return nil
    }
  }
  while index < bytes.count {
    if bytes[index] == 0x3D, index + 2 < bytes.count {
      if bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A {
        index += 3
        continue
      }
      if let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
        out.append(high << 4 | low)
        index += 3
        continue
      }
    }
    out.append(bytes[index])
    index += 1
  }
  return String(decoding: out, as: UTF8.self)
}

/// The text of every part of a MIME message, decoded (base64 or
/// quoted-printable), joined: the words a reader sees.
func decodedText(_ message: String) -> String {
  let parts = message.components(separatedBy: "\r\n--=_posttim_")
  return parts.dropFirst().map { part -> String in
    let pieces = part.components(separatedBy: "\r\n\r\n")
    guard pieces.count > 1 else { return "" }
    let body = pieces.dropFirst().joined(separator: "\r\n\r\n")
    if pieces[0].contains("Content-Transfer-Encoding: base64") {
      let data = Data(base64Encoded: body.replacingOccurrences(of: "\r\n", with: "")) ?? Data()
      return String(decoding: data, as: UTF8.self)
    }
    return quotedPrintableDecoded(body)
  }.joined(separator: "\n")
}

/// A reader's Message-ID as the roster derives it, from FNV-1a 64 written
/// here from its reference (offset basis, prime): of the ID, then a line
/// feed and the roster its journal names (roster.md); without a roster,
/// the older form of ID and day alone.
func rosterMessageID(_ id: String, _ day: String, _ domain: String = "example.org", roster: String? = nil) -> String {
  var value: UInt64 = 14_695_981_039_346_656_037
  for byte in id.utf8 + (roster.map { Array(("\n" + $0).utf8) } ?? []) {
    value = (value ^ UInt64(byte)) &* 1_099_511_628_211
  }
  let hex = String(value, radix: 16)
  return "<posttim-roster.\(String(repeating: "0", count: 16 - hex.count) + hex).\(day)@\(domain)>"
}

/// Holds a roster journal open (and so locked), as a run still going would.
final class RosterJournalHolder {
  let descriptor: Int32
  init(folder: String, name: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    descriptor = open(folder + "/" + name, O_RDWR | O_CREAT, 0o600)
    guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      throw CocoaError(.fileLocking)
    }
  }
  deinit { close(descriptor) }
}
