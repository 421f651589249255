/// Copies of template trees that share no storage with the original, for
/// the threads that render a long stream's chunks.
///
/// Why: every node, text and name a row's rendering reads is retained and
/// released on the way (Swift's reference counts), and when two cores
/// render rows of the same template, those counts live in cache lines both
/// cores write: on 100,000 HTML rows, retains and releases were 29% of the
/// cycles on two cores against 19% on one. A chunk renders from its own
/// copy (a few dozen nodes, against the hundreds of rows it renders), so
/// its counts stay in its own core's cache. Output is the same: a copy is
/// equal to its original node for node.
extension TemplateNode {
  /// This node and everything under it, in new storage.
  var unshared: TemplateNode {
    switch self {
    case .text(let text):
      return .text(text.unshared)
    case .variable(let path, let escaped):
      return .variable(path.map(\.unshared), escaped: escaped)
    case .section(let path, let inverted, let children):
      return .section(path.map(\.unshared), inverted: inverted, children: children.map(\.unshared))
    case .partial(let reference):
      return .partial(reference.unshared)
    case .parent(let reference, let overrides):
      return .parent(
        reference.unshared,
        overrides: Dictionary(uniqueKeysWithValues: overrides.map { ($0.key.unshared, $0.value.map(\.unshared)) }))
    case .block(let name, let defaultBody, let indentation, let layout):
      return .block(
        name: name.unshared, defaultBody: defaultBody.map(\.unshared), indentation: indentation.unshared,
        layout: layout)
    }
  }
}

extension PartialReference {
  var unshared: PartialReference {
    var copy = self
    switch name {
    case .fixed(let fixed): copy.name = .fixed(fixed.unshared)
    case .dynamic(let path): copy.name = .dynamic(path.map(\.unshared))
    }
    copy.indentation = indentation.unshared
    return copy
  }
}

extension Template {
  /// The same template in new storage (``TemplateNode/unshared``).
  var unshared: Template { Template(name: name, nodes: nodes.map(\.unshared)) }

  private init(name: String, nodes: [TemplateNode]) {
    self.name = name
    self.nodes = nodes
  }
}

extension String {
  /// The same text in new storage (a small string has none to share).
  var unshared: String { String(decoding: Array(utf8), as: UTF8.self) }
}
