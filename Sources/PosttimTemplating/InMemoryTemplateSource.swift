/// Templates held as strings in memory, each parsed once, when the source
/// is made.
///
/// Shape: `InMemoryTemplateSource(["name": "template text"])`. Thread-safe:
/// after `init` nothing changes, so rendering threads look templates up
/// without a lock (a long report includes a row partial per row). Errors:
/// `.syntax` if a template does not parse, thrown each time it is asked
/// for (reported against its name); the others stay usable.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec),
/// whose tests supply partials exactly this way.
public final class InMemoryTemplateSource: TemplateSource {
  private let templates: [String: Result<Template, TemplateError>]

  /// - Parameter sources: template text by name.
  public init(_ sources: [String: String]) {
    templates = sources.reduce(into: [:]) { templates, source in
      templates[source.key] = Result { () throws(TemplateError) in try Template(source: source.value, name: source.key)
      }
    }
  }

  /// The template named `name`, or nil when there is none.
  /// - Throws: ``TemplateError`` (`.syntax`) when its text does not parse.
  public func template(named name: String) throws(TemplateError) -> Template? {
    guard let template = templates[name] else { return nil }
    return try template.get()
  }
}
