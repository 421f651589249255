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
/// longer than the budget in bytes. The budget is ``base`` plus
/// ``perNodeAndItem`` units for every template node and item:
/// `base + 64 × nodes × (items + 1)`, where nodes counts the template and
/// the partials and parents it names, and items the values of the data and
/// the bytes of their text (the report's tasks and the bytes of their
/// titles, details and other fields): a template that does not multiply
/// work writes each value at most once per tag. A report's own templates
/// use about 60 units per task and one per byte they write.
///
/// Past the budget, rendering throws a ``TemplateError`` (`.render`) naming
/// the template being rendered.
public struct RenderBudget: Sendable, Equatable, CustomStringConvertible {
  /// Units every rendering may use, whatever its size.
  public static let base = 1_000_000
  /// Units per template node and per item.
  public static let perNodeAndItem = 64

  /// The units of work allowed.
  public let units: Int
  /// What the budget was computed from, for the error message.
  let basis: String

  /// A budget of exactly `units`.
  public init(units: Int) {
    self.units = max(0, units)
    self.basis = "\(self.units) units"
  }

  /// `base + 64 × templateNodes × (items + textBytes + 1)` units
  /// (saturating): `textBytes`, the bytes of the items' text, count as
  /// items.
  public init(templateNodes: Int, items: Int, textBytes: Int = 0) {
    let (perItem, overflow) = Self.perNodeAndItem.multipliedReportingOverflow(by: max(1, templateNodes))
    let (share, overflowAgain) = perItem.multipliedReportingOverflow(by: max(0, items) &+ max(0, textBytes) &+ 1)
    let (units, overflowOnceMore) = Self.base.addingReportingOverflow(share)
    self.units = overflow || overflowAgain || overflowOnceMore ? .max : units
    let text = textBytes > 0 ? " with \(textBytes) bytes of text" : ""
    self.basis = "\(self.units) units for \(templateNodes) template nodes and \(items) items\(text)"
  }

  /// The budget for rendering `template` against `context` when the caller
  /// gives none: the template's own nodes, and every value of the context
  /// (a stream's items counted by walking it; an object computed on lookup
  /// counts its members without computing them).
  init(for template: Template, context: TemplateValue) {
    self.init(templateNodes: template.nodeCount, items: context.valueCount)
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
}

extension TemplateValue {
  /// This value and every value inside it (see ``RenderBudget/init(for:context:)``),
  /// walked with a stack of its own: a context nested deeper than the
  /// thread's stack allows is still counted.
  var valueCount: Int {
    var count = 0
    var pending: [TemplateValue] = [self]
    while let value = pending.popLast() {
      count &+= 1
      switch value {
      case .list(let items): pending += items
      case .object(let members): pending += members.values
      case .lazyObject(let object): count &+= object.keys.count
      // One item at a time: a long stream is not held whole.
      case .stream(let stream): for item in stream { count &+= item.valueCount }
      // A text's bytes, which the template may write once per tag.
      case .string(let text): count &+= text.utf8.count
      case .null, .bool, .integer, .number: break
      }
    }
    return count
  }
}
