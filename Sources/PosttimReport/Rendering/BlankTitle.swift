/// Whether a title shows nothing: empty, or only white space and
/// characters drawn as nothing (a zero-width space, joiners, bidi marks:
/// Default_Ignorable_Code_Point). Such a title is shown as the catalog's
/// "(untitled)", as an empty one is: a calendar lists an event by its
/// summary, and a blank one is an empty line there.
enum BlankTitle {
  static func isBlank(_ title: String) -> Bool {
    // Most titles start with printable ASCII: one byte decides.
    if let first = title.utf8.first, first > 0x20, first < 0x7F { return false }
    return title.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint }
  }
}
