/// An error raised while loading, parsing or rendering a Mustache template.
///
/// Shape: `kind` says which stage failed; `templateName`, `line` and `column`
/// (1-based, columns counted in Unicode scalars) locate the failure, `0` meaning
/// "no location" (e.g. a template that does not exist at all). `description`
/// is compiler-style, `name:line:col: error: message`; syntax errors add the
/// offending source line and a `^` caret under the column so a template author
/// can fix the file without counting characters.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec)
/// leaves error reporting to implementations; this format mirrors swiftc/clang.
public struct TemplateError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The stage that failed.
  public enum Kind: String, Sendable, Equatable {
    /// A template or partial could not be found or read, or its name is not allowed.
    case notFound
    /// The template text is not valid Mustache.
    case syntax
    /// Rendering failed (e.g. runaway partial recursion).
    case render
  }

  /// What went wrong: a syntax error, a missing template, a render failure.
  public var kind: Kind
  /// The template the error is in (its name, or file name for a layout).
  public var templateName: String
  /// 1-based line of the tag at fault (0 when not tied to a place).
  public var line: Int
  /// 1-based column, in characters, of the tag at fault (0 when not tied to a place).
  public var column: Int
  /// The message, without the `name:line:column:` prefix of ``description``.
  public var message: String
  /// The full text of the offending line (syntax errors only), for the caret display.
  public var sourceLine: String?

  /// An error of `kind` in `templateName` at `line`:`column` (1-based; 0 when unknown).
  public init(
    kind: Kind, templateName: String, line: Int = 0, column: Int = 0,
    message: String, sourceLine: String? = nil
  ) {
    self.kind = kind
    self.templateName = templateName
    self.line = line
    self.column = column
    self.message = message
    self.sourceLine = sourceLine
  }

  public var description: String {
    // Compiler style with a position; a whole-file problem reads as
    // "name: message" (the CLI already prefixes "error:").
    var text = line > 0 ? "\(templateName):\(line):\(column): error: \(message)" : "\(templateName): \(message)"
    if kind == .syntax, let sourceLine, column > 0 {
      // A long line is shown as a window around the column, so a minified
      // or hostile template cannot flood the terminal.
      let scalars = Array(sourceLine.unicodeScalars)
      let start = max(0, min(column - 1 - 40, scalars.count - 80))
      let window = scalars[start..<min(scalars.count, start + 80)]
      let prefix = start > 0 ? "…" : ""
      var shown = prefix
      shown.unicodeScalars.append(contentsOf: window)
      if start + 80 < scalars.count { shown += "…" }
      // Reuse tabs from the source so the caret lines up in a terminal.
      let pad =
        (prefix.isEmpty ? "" : " ")
        + scalars[start..<max(start, min(column - 1, scalars.count))].map { $0 == "\t" ? "\t" : " " }.joined()
      text += "\n\(shown)\n\(pad)^"
    }
    return text
  }
}
