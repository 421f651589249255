/// How much work one rendering may do, in proportion to its input, so
/// that a template that multiplies work ends in an error instead of
/// running for ever: `{{#sections}}` nested 99 times over 13 sections is
/// 13^99 renderings from a 2.6 KB file. Sections nested over the same
/// list, partials and parents that include each other, dynamic names: all
/// of it is counted as it is rendered.
///
/// A unit of work is one template node rendered, one list of nodes entered
/// (each section item, each partial or parent included, each block), one
/// byte of a list or stream interpolated as text (`{{rows}}`), or one byte
/// written (template text, values, indentation), so the output is never
/// longer than the budget in bytes. The budget is ``base``, plus
/// ``perNodeAndItem`` units for every template node and item, plus
/// ``perTextByte`` for every byte of the items' text, plus
/// ``perTemplateByte`` for every byte of the templates' own text:
/// `base + 64 × nodes × (items + 1) + 16 × bytes + 4 × template bytes`,
/// where nodes counts the template and the partials and parents it names,
/// items the values of the data (the report's tasks), bytes their text
/// (titles, details and other fields), and template bytes the text runs of
/// the templates (a template of 1 MiB of text, written once, fits on no
/// task). Added, not multiplied: a template that does not multiply
/// work renders each node about once per item, and writes each text a few
/// times at most (the HTML report writes a title twice, escaped: at most
/// 12 bytes per byte), so the budget grows with its input, and a template
/// that multiplies work stops after a few times the work of its input. A
/// report's own templates use about 780 units per task in HTML with
/// details, 115 in Markdown: a sixteenth and a thirty-sixth of their budget.
///
/// Past the budget, rendering throws a ``TemplateError`` (`.render`) naming
/// the template being rendered.
public struct RenderBudget: Sendable, Equatable, CustomStringConvertible {
  /// Units every rendering may use, whatever its size.
  public static let base = 1_000_000
  /// Units per template node and per item.
  public static let perNodeAndItem = 64
  /// Units per byte of the items' text.
  public static let perTextByte = 16
  /// Units per byte of the templates' own text (a partial's may be written a few times).
  public static let perTemplateByte = 4

  /// The units of work allowed.
  public let units: Int
  /// What the budget was computed from, for the error message.
  let basis: String

  /// A budget of exactly `units`.
  public init(units: Int) {
    self.units = max(0, units)
    self.basis = "\(self.units) units"
  }

  /// `base + 64 × templateNodes × (items + 1) + 16 × textBytes + 4 × templateBytes`
  /// units (saturating), `textBytes` being the bytes of the items' text and
  /// `templateBytes` those of the templates' own text runs.
  public init(templateNodes: Int, templateBytes: Int = 0, items: Int, textBytes: Int = 0) {
    let (perItem, overflow) = Self.perNodeAndItem.multipliedReportingOverflow(by: max(1, templateNodes))
    let (share, overflowAgain) = perItem.multipliedReportingOverflow(by: max(0, items) &+ 1)
    let (textShare, overflowThrice) = Self.perTextByte.multipliedReportingOverflow(by: max(0, textBytes))
    let (ownShare, overflowOwn) = Self.perTemplateByte.multipliedReportingOverflow(by: max(0, templateBytes))
    let (sum, overflowOnceMore) = share.addingReportingOverflow(textShare)
    let (withOwn, overflowAdded) = sum.addingReportingOverflow(ownShare)
    let (units, overflowLast) = Self.base.addingReportingOverflow(withOwn)
    self.units =
      overflow || overflowAgain || overflowThrice || overflowOwn || overflowOnceMore || overflowAdded || overflowLast
      ? .max : units
    func text(_ bytes: Int) -> String { bytes > 0 ? " with \(bytes) byte\(bytes == 1 ? "" : "s") of text" : "" }
    let own = text(templateBytes)
    let text = text(textBytes)
    self.basis = "\(self.units) units for \(templateNodes) template nodes\(own) and \(items) items\(text)"
  }

  /// The budget for rendering `template` against `context` when the caller
  /// gives none: the template's own nodes and text, every value of the
  /// context (a stream's items counted by walking it; an object computed on
  /// lookup counts its members without computing them) and the bytes of its texts.
  init(for template: Template, context: TemplateValue) {
    let (values, textBytes) = context.valueCount
    self.init(
      templateNodes: template.nodeCount, templateBytes: template.textBytes, items: values, textBytes: textBytes)
  }

  public var description: String { basis }

  /// The error thrown once rendering `templateName` has used the budget up.
  func exceeded(in templateName: String) -> TemplateError {
    TemplateError(
      kind: .render, templateName: templateName,
      message: "rendering takes more work than its budget (\(basis)): sections nested over the same list, "
        + "or partials that include each other, multiply the work")
  }
}

extension Template {
  /// The nodes of the template's tree: every tag and text run, with the
  /// bodies of sections, blocks and parents' overrides.
  package var nodeCount: Int { nodes.nodeCount }

  /// The UTF-8 bytes of the template's text runs, in every body as
  /// ``nodeCount`` walks them.
  package var textBytes: Int { nodes.textBytes }
}

extension [TemplateNode] {
  var nodeCount: Int {
    reduce(count) { total, node in
      switch node {
      case .section(_, _, let children): total + children.nodeCount
      case .block(_, let body, _, _): total + body.nodeCount
      case .parent(_, let overrides): overrides.values.reduce(total) { $0 + $1.nodeCount }
      case .text, .variable, .partial: total
      }
    }
  }

  var textBytes: Int {
    reduce(0) { total, node in
      switch node {
      case .text(let text): total + text.utf8.count
      case .section(_, _, let children): total + children.textBytes
      case .block(_, let body, _, _): total + body.textBytes
      case .parent(_, let overrides): overrides.values.reduce(total) { $0 + $1.textBytes }
      case .variable, .partial: total
      }
    }
  }
}

extension TemplateValue {
  /// This value and every value inside it, and the UTF-8 bytes of their
  /// texts (see ``RenderBudget/init(for:context:)``), walked with a stack
  /// of its own: a context nested deeper than the thread's stack allows is
  /// still counted.
  var valueCount: (values: Int, textBytes: Int) {
    var count = 0
    var bytes = 0
    var pending: [TemplateValue] = [self]
    while let value = pending.popLast() {
      count &+= 1
      switch value {
      case .list(let items): pending += items
      case .object(let members): pending += members.values
      case .lazyObject(let object): count &+= object.keys.count
      // One item at a time: a long stream is not held whole.
      case .stream(let stream):
        for item in stream {
          let (values, textBytes) = item.valueCount
          count &+= values
          bytes &+= textBytes
        }
      // A text's bytes, which the template may write a few times.
      case .string(let text): bytes &+= text.utf8.count
      case .null, .bool, .integer, .number: break
      }
    }
    return (count, bytes)
  }
}
