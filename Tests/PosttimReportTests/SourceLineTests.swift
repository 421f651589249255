import Testing

@testable import PosttimReport

/// The file a detail says a task was read from: the last path component.
@Suite("Detail source line: the file name")
struct SourceLineTests {
  @Test(
    "the last non-empty path component, byte-wise",
    arguments: [
      ("listeDesTaches.plist", "listeDesTaches.plist"), ("/tmp/t20k.xml", "t20k.xml"),
      ("dir/sub/a.plist", "a.plist"), ("dir/", "dir"), ("dir//", "dir"), ("/", "/"), ("//", "//"),
      ("", ""), ("/tâches/été.plist", "été.plist"), ("a\u{301}/b\u{301}", "b\u{301}"), ("./x", "x"),
      // A slash followed by a combining mark still separates: the file name
      // is split on the byte, not on Characters (which would join the two).
      ("cm/\u{301}x.plist", "\u{301}x.plist"), ("d/\u{200D}z", "\u{200D}z"),
    ])
  func fileName(path: String, expected: String) {
    #expect(ReportPresenter.fileName(path) == expected)
  }
}
