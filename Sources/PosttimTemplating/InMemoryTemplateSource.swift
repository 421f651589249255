import Synchronization

/// Templates held as strings in memory, parsed on first use and cached.
///
/// Shape: `InMemoryTemplateSource(["name": "template text"])`. Thread-safe: the
/// parse cache is guarded by a `Mutex`. Errors: `.syntax` if a template does
/// not parse (reported against its name; not cached, so it is re-reported).
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec),
/// whose tests supply partials exactly this way.
public final class InMemoryTemplateSource: TemplateSource {
  private let sources: [String: String]
  private let cache = Mutex<[String: Template]>([:])

  /// - Parameter sources: template text by name (`"row"` for `{{>row}}`).
  public init(_ sources: [String: String]) {
    self.sources = sources
  }

  public func template(named name: String) throws(TemplateError) -> Template? {
    if let cached = cache.withLock({ $0[name] }) { return cached }
    guard let text = sources[name] else { return nil }
    let template = try Template(source: text, name: name)
    cache.withLock { $0[name] = template }
    return template
  }
}
