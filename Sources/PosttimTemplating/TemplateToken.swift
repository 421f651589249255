/// One lexical piece of a template: literal text or a `{{…}}` tag.
///
/// Text tokens and tag tokens strictly alternate (text first and last, possibly
/// empty) so the parser can trim the whitespace around standalone tags by
/// adjusting the neighbouring text ranges.
enum TemplateToken {
  case text(Range<Int>)
  case tag(TagToken)
}

/// The sigil-determined kind of a tag.
enum TagKind: Equatable {
  case escapedVariable  // {{name}}
  case unescapedVariable  // {{{name}}} or {{&name}}
  case section  // {{#name}}
  case invertedSection  // {{^name}}
  case close  // {{/name}}
  case comment  // {{! … }}
  case partial  // {{>name}}
  case parent  // {{<name}}
  case block  // {{$name}}
  case setDelimiters  // {{=<% %>=}}

  /// Whether the spec lets this tag be "standalone" (own its whole line).
  var canBeStandalone: Bool {
    self != .escapedVariable && self != .unescapedVariable
  }
}

/// A tag with its (trimmed) content and where it sits in the source bytes.
struct TagToken {
  var kind: TagKind
  /// The tag's content without sigil and padding, e.g. `a.b` or `*dynamic`.
  var content: String
  /// Byte range of the whole tag, delimiters included.
  var range: Range<Int>
  /// How the tag was written, for error messages (e.g. `{{/b}}`).
  var spelling: String
  /// The delimiters in force for this tag, to spell expected closing tags.
  var openDelimiter: String
  var closeDelimiter: String
}
