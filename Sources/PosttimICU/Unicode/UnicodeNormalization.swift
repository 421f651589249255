import CICUShim

/// Unicode normalization forms (UAX #15), from the system ICU.
public enum UnicodeNormalization {
  /// `text` in Normalization Form C (canonical composition); the text
  /// itself when ICU cannot normalize it.
  public static func nfc(_ text: String) -> String { normalize(text, decompose: false) }

  /// `text` in Normalization Form D (canonical decomposition).
  public static func nfd(_ text: String) -> String { normalize(text, decompose: true) }

  private static func normalize(_ text: String, decompose: Bool) -> String {
    let result = try? text.withUTF16Buffer { units, count in
      try withUTF16Result("unorm2_normalize", capacity: Int(count) * 3 + 16) { out, capacity, status in
        cicu_normalize(decompose ? 1 : 0, units, count, out, capacity, &status)
      }
    }
    return result ?? text
  }
}
