/// Whether a title shows nothing: empty, or only white space, controls
/// (every format drops or replaces them), characters drawn as nothing (a
/// zero-width space, joiners, bidi marks: Default_Ignorable_Code_Point),
/// combining marks with no letter to sit on, and U+2800 BRAILLE PATTERN
/// BLANK. Such a title is shown as the catalog's "(untitled)", as an
/// empty one is: a calendar lists an event by its summary, and a blank one
/// is an empty line there.
enum BlankTitle {
  static func isBlank(_ title: String) -> Bool {
    // Most titles start with printable ASCII: one byte decides.
    if let first = title.utf8.first, first > 0x20, first < 0x7F { return false }
    return title.unicodeScalars.allSatisfy(showsNothing)
  }

  private static func showsNothing(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .control, .nonspacingMark, .enclosingMark: return true
    default: return properties.isWhitespace || properties.isDefaultIgnorableCodePoint || scalar == "\u{2800}"
    }
  }
}
