import PosttimTemplating

/// Defuses spreadsheet formulas in CSV cells ("CSV injection", also called
/// formula injection), following the OWASP guidance
/// (https://owasp.org/www-community/attacks/CSV_Injection).
///
/// Excel, LibreOffice Calc and Google Sheets run a cell as a formula when
/// its first character is `=`, `+`, `-` or `@`, and some also after a
/// leading tab or carriage return. Such a cell gets a leading `'`, which
/// spreadsheets show as text and do not evaluate. Other cells are returned
/// unchanged.
///
/// Apply it to free text from the task list only (title, description),
/// never to machine columns such as ISO 8601 dates, whose consumers expect
/// them verbatim. Quoting (RFC 4180) comes after, on the neutralized text.
public enum CSVFormulaGuard {
  /// The first characters (Unicode scalars) that make a cell a formula.
  public static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

  /// True when `cell` starts with one of ``triggers``. The first Unicode
  /// scalar is checked, so a cell starting with CR LF counts as CR.
  public static func isFormulaLike(_ cell: String) -> Bool {
    cell.utf8.first.map(isFormulaLead) ?? false
  }

  /// ``isFormulaLike(_:)`` of the text whose UTF-8 is `bytes`.
  static func isFormulaLike(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.first.map(isFormulaLead) ?? false
  }

  /// The triggers are ASCII, so the first scalar is one exactly when the
  /// first UTF-8 byte is (a byte below 0x80 is never part of another scalar).
  private static func isFormulaLead(_ first: UInt8) -> Bool {
    first < 0x80 && triggerBytes.contains(first)
  }

  /// ``triggers`` as bytes.
  static let triggerBytes = ASCIISet { triggers.contains(Unicode.Scalar($0)) }

  /// `cell` with a leading `'` when it is formula-like; otherwise `cell`.
  ///
  ///     CSVFormulaGuard.neutralized("=SUM(A1:A9)")  // "'=SUM(A1:A9)"
  ///     CSVFormulaGuard.neutralized("Café")         // "Café"
  public static func neutralized(_ cell: String) -> String {
    isFormulaLike(cell) ? "'" + cell : cell
  }
}
