import Foundation
import PosttimReport
import Testing
import TestSupport

/// Inputs built to break the readers (a binary dictionary claiming 2^62
/// entries, nesting hidden by white space, an out-of-range date under an
/// unknown key): each is a clean `TaskListError`.
@Suite("Hostile inputs")
struct HostileInputTests {
  let decoder = TaskListDecoder()

  func expectError(_ data: Data, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
      _ = try decoder.decode(data, file: "x.plist")
      Issue.record("accepted", sourceLocation: sourceLocation)
    } catch {
      #expect(error.description == message, sourceLocation: sourceLocation)
    }
  }

  @Test("a binary dictionary claiming 2^62 entries (51 bytes) does not overflow")
  func hugeCount() {
    var bytes = Array("bplist00".utf8)
    bytes += [0xDF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]  // dict, count = 8-byte int 2^62
    bytes += [8]  // offset table: object 0 at offset 8
    bytes += [0, 0, 0, 0, 0, 0, 1, 1]  // trailer: unused, offset size 1, ref size 1
    bytes += [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 18]
    #expect(bytes.count == 51)
    expectError(Data(bytes), "x.plist: not a valid binary property list (object 0 does not fit the file)")
  }

  @Test("white space inside tags does not hide nesting from the depth check")
  func spacedTags() {
    let deep =
      "<?xml version=\"1.0\"?><plist><array><dict><key>x</key>" + String(repeating: "<array >", count: 20_000)
      + String(repeating: "</array >", count: 20_000) + "</dict></array></plist>"
    expectError(Data(deep.utf8), "x.plist: is nested more than 100 levels deep; not a task list")
    let tabs =
      "<?xml version=\"1.0\"?><plist><array><dict><key>x</key>" + String(repeating: "<dict\t><key>k</key>", count: 200)
      + "</plist>"
    expectError(Data(tabs.utf8), "x.plist: is nested more than 100 levels deep; not a task list")
  }

  @Test("a date out of range under an unknown key is refused, not a trap in a writer")
  func farDateInUnknownKey() throws {
    let entry: [String: Any] = [
      "tache": "t", "date": Date(timeIntervalSince1970: 1_796_047_200), "importance": "5",
      "rappel": Date(timeIntervalSince1970: 1e300),
    ]
    let data = try PropertyListSerialization.data(fromPropertyList: [entry], format: .binary, options: 0)
    expectError(data, "x.plist: entry 1: \"rappel\" holds a date out of range (years 0…9999)")
  }
}
