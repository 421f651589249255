/// Several template sources searched in order; the first that has a name wins.
///
/// Shape: `ChainedTemplateSource([userDirectory, shippedDefaults])` lets a
/// user's `--template-dir` override individual templates and partials while the
/// rest fall back to the defaults. Errors from any source searched propagate
/// (a broken user template is reported, not silently replaced by the default).
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec)
/// for partial lookup; the chaining is this project's own.
public struct ChainedTemplateSource: TemplateSource {
  public let sources: [any TemplateSource]

  public init(_ sources: [any TemplateSource]) {
    self.sources = sources
  }

  public func template(named name: String) throws(TemplateError) -> Template? {
    for source in sources {
      if let template = try source.template(named: name) { return template }
    }
    return nil
  }
}
