extension Template {
  /// The fixed names this template includes as partials or parents
  /// (`{{>name}}`, `{{<name}}`), with the line and column of each tag.
  /// Dynamic names (`{{>*path}}`) depend on data and are not listed.
  ///
  /// The Mustache spec renders a missing partial as empty text; a report
  /// writer uses this list to refuse a typo instead of printing an empty
  /// agenda.
  public var includedNames: [(name: String, line: Int, column: Int)] {
    var found: [(String, Int, Int)] = []
    func visit(_ nodes: [TemplateNode]) {
      for node in nodes {
        switch node {
        case .partial(let reference):
          if case .fixed(let name) = reference.name { found.append((name, reference.line, reference.column)) }
        case .parent(let reference, let overrides):
          if case .fixed(let name) = reference.name { found.append((name, reference.line, reference.column)) }
          overrides.values.forEach(visit)
        case .section(_, _, let children): visit(children)
        case .block(_, let body, _, _): visit(body)
        case .text, .variable: break
        }
      }
    }
    visit(nodes)
    return found
  }
}
