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

  /// - Parameters:
  ///   - sources: template text by name.
  ///   - aliases: names whose text is that of another name of `sources`
  ///     (one file under several names), by name: parsed once, shared.
  public init(_ sources: [String: String], aliases: [String: String] = [:]) {
    var templates: [String: Result<Template, TemplateError>] = sources.reduce(into: [:]) { templates, source in
      templates[source.key] = Result { () throws(TemplateError) in try Template(source: source.value, name: source.key)
      }
    }
    for (alias, name) in aliases {
      templates[alias] = templates[name]?.map { $0.named(alias) }
        .mapError { error in
          var renamed = error
          renamed.templateName = alias
          return renamed
        }
    }
    self.templates = templates
  }

  /// The template named `name`, or nil when there is none.
  /// - Throws: ``TemplateError`` (`.syntax`) when its text does not parse.
  public func template(named name: String) throws(TemplateError) -> Template? {
    guard let template = templates[name] else { return nil }
    return try template.get()
  }
}
