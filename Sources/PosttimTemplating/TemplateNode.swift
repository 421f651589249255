/// The parsed form of a template: a tree of nodes, rendered by `TemplateRenderer`.
///
/// Standalone-line whitespace is already removed and block bodies are already
/// de-indented by the parser, so rendering only has to add indentation back.
indirect enum TemplateNode: Sendable {
  /// Literal text, written as is.
  case text(String)
  /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
  case variable(NamePath, escaped: Bool)
  /// `{{#name}}…{{/name}}` or, when `inverted`, `{{^name}}…{{/name}}`.
  case section(NamePath, inverted: Bool, children: [TemplateNode])
  /// `{{>name}}` or `{{>*name}}`.
  case partial(PartialReference)
  /// `{{<name}}…{{/name}}` with the blocks it overrides, by block name.
  case parent(PartialReference, overrides: [String: [TemplateNode]])
  /// `{{$name}}default{{/name}}` outside a parent: an overridable slot.
  case block(name: String, defaultBody: [TemplateNode], indentation: String, layout: BlockLayout)
}

/// A dotted name split on `.`; empty for the implicit iterator `{{.}}`.
typealias NamePath = [String]

/// How a partial or parent tag names the template it includes.
enum PartialName: Sendable, Equatable {
  /// `{{>name}}`: a fixed template name.
  case fixed(String)
  /// `{{>*path}}`: the name is the string found at `path` in the context.
  case dynamic(NamePath)
}

/// Where and how a partial or parent is included.
struct PartialReference: Sendable {
  var name: PartialName
  /// Whitespace to prepend to each line of the included template (standalone tags only).
  var indentation: String
  var standalone: Bool
  var line: Int
  var column: Int
}

/// How a block slot's content is re-indented where it is expanded.
enum BlockLayout: Sendable, Equatable {
  /// The opening tag owns its line: every line gets `indentation`.
  case standalone
  /// Only blanks precede the opening tag: lines after the first get `indentation`.
  case leftAligned
  /// Text precedes the opening tag: content is inserted as is.
  case inline
}
