/// Where partial and parent templates (`{{>name}}`, `{{<name}}`) come from.
///
/// Shape: `template(named:)` returns the parsed template, or `nil` when this
/// source has no template of that name (the renderer then renders "", as the
/// spec requires). Folders of templates are the report's `ResourceFiles`;
/// the report hands their contents to an `InMemoryTemplateSource`.
///
/// Errors: `.notFound` for names the source refuses or files it cannot read;
/// `.syntax` when the template exists but does not parse.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec),
/// partials.yml ("If the named partial cannot be found, the empty string SHOULD
/// be used instead").
public protocol TemplateSource: Sendable {
  /// The template named `name` (`{{>name}}`), parsed; nil when this source has none.
  /// - Throws: `.notFound` for a refused name or unreadable file, `.syntax` when it does not parse.
  func template(named name: String) throws(TemplateError) -> Template?
}

extension TemplateSource {
  /// Like `template(named:)` but a missing template is a `.notFound` error,
  /// for a report's top-level template, which must exist.
  public func requiredTemplate(named name: String) throws(TemplateError) -> Template {
    guard let template = try template(named: name) else {
      throw TemplateError(kind: .notFound, templateName: name, message: "no template named '\(name)'")
    }
    return template
  }
}
