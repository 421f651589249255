/// Integers as printf's `%0Nd`, `%0No`, `%0Nx` and `%0NX` write them: at
/// least `width` characters, zeros after a minus sign; and code points in
/// Unicode's `U+00A0` notation. The project's one zero-padding.
///
/// Why not `String(format:)`: it lives in Foundation's full module, whose
/// static copy (with a second ICU) costs every run milliseconds at start.
public enum PaddedDigits {
  /// `value` in decimal, zero-padded to `width` digits (`%0*d`).
  public static func decimal(_ value: Int, width: Int) -> String {
    padded(value, radix: 10, uppercase: false, width: width)
  }

  /// `value` in octal, zero-padded to `width` digits (`%0*o`): `0644`.
  public static func octal(_ value: Int, width: Int) -> String {
    padded(value, radix: 8, uppercase: false, width: width)
  }

  /// `value` in hexadecimal, zero-padded to `width` digits (`%0*x`, `%0*X`).
  public static func hex(_ value: Int, width: Int, uppercase: Bool) -> String {
    padded(value, radix: 16, uppercase: uppercase, width: width)
  }

  /// `U+0041`, `U+1F600`: at least four uppercase hexadecimal digits.
  public static func codePoint(_ value: UInt32) -> String {
    "U+" + hex(Int(value), width: 4, uppercase: true)
  }

  private static func padded(_ value: Int, radix: Int, uppercase: Bool, width: Int) -> String {
    let digits = String(value.magnitude, radix: radix, uppercase: uppercase)
    let sign = value < 0 ? "-" : ""
    let zeros = String(repeating: "0", count: max(0, width - sign.count - digits.count))
    return sign + zeros + digits
  }
}
