/// An object whose members are computed when a template looks them up.
///
/// A report row has twenty fields, most of them formatted dates; a
/// template that shows five should pay for five. ``keys`` lists the
/// members (for dumps and JSON); a member is computed from its position in
/// them.
///
/// A class: a lookup reads it in place, where a struct was copied out of
/// its ``TemplateValue`` case on every lookup (a retain and a release per
/// stored reference).
public final class TemplateObject: Sendable {
  /// The member names, for dumps and JSON (lookups do not need them).
  public var keys: [String] { positionsOwner.names }

  /// Keeps ``positions`` alive; `positions` is its table, a value read
  /// without a retain (the rendering threads share it, and a retain and
  /// release per lookup on one shared object cost as much as the lookup).
  private let positionsOwner: TemplateKeys
  private let positions: TemplateKeys.Table
  /// A row's members fit the existential's inline buffer: no box per row.
  private let members: any TemplateMembers

  /// An object with the members `keys`, computed by position: a name is
  /// found in `keys` (``TemplateKeys/index(of:)``, no hashing), then
  /// `member` computes the member at that position.
  package convenience init(keys: TemplateKeys, member: @escaping @Sendable (Int) -> TemplateValue) {
    self.init(keys: keys, members: ComputedMembers(member: member))
  }

  /// An object with the members `keys`, computed by position by `members`.
  package init(keys: TemplateKeys, members: some TemplateMembers) {
    positionsOwner = keys
    positions = keys.table
    self.members = members
  }

  /// An object with the members `keys`, valued `values` (same order).
  /// - Precondition: as many values as keys.
  package convenience init(keys: TemplateKeys, values: [TemplateValue]) {
    precondition(keys.names.count == values.count, "TemplateObject: one value per key")
    self.init(keys: keys, members: StoredMembers(values: values))
  }

  /// For a caller that finds a name's position once per kind of object
  /// (``RowProgram``): the key table's identity and the table.
  var keyTable: (id: ObjectIdentifier, table: TemplateKeys.Table) { (ObjectIdentifier(positionsOwner), positions) }

  /// ``keyTable``'s identity alone.
  var keyTableID: ObjectIdentifier { ObjectIdentifier(positionsOwner) }

  /// The member at `position` of ``keyTable``, computed now.
  func member(at position: Int) -> TemplateValue { members.member(at: position) }

  /// Calls `body` with the UTF-8 of the member at `position` and whether
  /// it is plain when ``TemplateMembers`` lends it; false, without calling
  /// it, otherwise.
  func withUTF8(ofMember position: Int, _ body: LentUTF8Body) -> Bool {
    members.withUTF8(ofMember: position, body)
  }

  /// ``TemplateMembers/prefetchTexts()``.
  func prefetchTexts() { members.prefetchTexts() }

  /// ``TemplateMembers/truth(ofMember:)``.
  func truth(ofMember position: Int) -> Bool? { members.truth(ofMember: position) }

  /// The member named `key`, computed now; nil when absent (a Mustache miss).
  public subscript(key: String) -> TemplateValue? {
    guard let position = positions.index(of: key) else { return nil }
    return members.member(at: position)
  }
}

/// What a lent member's text is given to: its UTF-8, and whether it is
/// known to be ``PlainText``.
package typealias LentUTF8Body = (_ bytes: UnsafeBufferPointer<UInt8>, _ isPlain: Bool) -> Void

/// The members of a ``TemplateObject``, by position in its key table.
package protocol TemplateMembers: Sendable {
  /// The member at `position`, computed now.
  func member(at position: Int) -> TemplateValue

  /// When the member at `position` is text held elsewhere (a task's
  /// stored title), calls `body` with its UTF-8 and returns true: a row
  /// program writes it into its buffer with no `String` or
  /// ``TemplateValue`` made or retained. False, without calling `body`,
  /// for any other member; ``member(at:)`` then gives it. Both give the
  /// same text. `body`'s second argument says the text is known to be
  /// ``PlainText``: it is then written without the escaper (pass false
  /// when not known; never true for text that is not plain).
  func withUTF8(ofMember position: Int, _ body: LentUTF8Body) -> Bool

  /// Hints that the texts held elsewhere which the row will read are read
  /// soon (nothing by default): a row program hints a few rows ahead, so
  /// their cache misses overlap the rows rendered meanwhile, where each
  /// row waited for its own.
  func prefetchTexts()

  /// When the member at `position` is a value no name is looked up in
  /// (text, a number, a boolean, null), whether a section over it renders
  /// (``TemplateValue/isTruthy`` of ``member(at:)``): a row program then
  /// makes no value for the section. Nil (the default) for any other
  /// member, or when it is not known without computing it.
  func truth(ofMember position: Int) -> Bool?
}

extension TemplateMembers {
  package func prefetchTexts() {}

  package func truth(ofMember position: Int) -> Bool? { nil }
}

extension TemplateValue {
  /// ``isTruthy`` for a value no name is looked up in; nil for objects,
  /// lists and streams.
  var scalarTruth: Bool? {
    switch self {
    case .null: return false
    case .bool(let value): return value
    case .integer, .number: return true
    case .string(let value): return !value.isEmpty
    case .object, .lazyObject, .list, .stream: return nil
    }
  }
}

/// Members given as values, one per key.
private struct StoredMembers: TemplateMembers {
  let values: [TemplateValue]

  func member(at position: Int) -> TemplateValue { values[position] }

  func withUTF8(ofMember position: Int, _ body: LentUTF8Body) -> Bool { false }

  func truth(ofMember position: Int) -> Bool? { values[position].scalarTruth }
}

/// Members computed by a closure; none lent as UTF-8.
private struct ComputedMembers: TemplateMembers {
  let member: @Sendable (Int) -> TemplateValue

  func member(at position: Int) -> TemplateValue { member(position) }

  func withUTF8(ofMember position: Int, _ body: LentUTF8Body) -> Bool { false }
}
