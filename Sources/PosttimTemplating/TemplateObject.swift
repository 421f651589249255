/// An object whose members are computed when a template looks them up.
///
/// A report row has twenty fields, most of them formatted dates; a
/// template that shows five should pay for five. `keys` lists the members
/// (for dumps and JSON), `member` computes one.
///
/// A class: a lookup reads it in place, where a struct was copied out of
/// its ``TemplateValue`` case on every lookup (a retain and a release per
/// stored reference).
public final class TemplateObject: Sendable {
  /// The member names, for dumps and JSON (lookups do not need them).
  public var keys: [String] { byPosition ? positionsOwner.names : names }

  private let names: [String]
  private let member: @Sendable (String) -> TemplateValue?
  private let byPosition: Bool
  /// Keeps ``positions`` alive; `positions` is its table, a value read
  /// without a retain (the rendering threads share it, and a retain and
  /// release per lookup on one shared object cost as much as the lookup).
  private let positionsOwner: TemplateKeys
  private let positions: TemplateKeys.Table
  private let memberAt: @Sendable (Int) -> TemplateValue

  /// The table of objects looked up by name (never read).
  private static let noPositions = TemplateKeys([])

  /// - Parameters:
  ///   - keys: the member names, for dumps and JSON.
  ///   - member: computes one member by name; nil for a name it does not have.
  public init(keys: [String], member: @escaping @Sendable (String) -> TemplateValue?) {
    names = keys
    self.member = member
    byPosition = false
    positionsOwner = Self.noPositions
    positions = Self.noPositions.table
    memberAt = { _ in .null }
  }

  /// An object with the members `keys`, computed by position: a name is
  /// found in `keys` (``TemplateKeys/index(of:)``, no hashing), then
  /// `member` computes the member at that position.
  public init(keys: TemplateKeys, member: @escaping @Sendable (Int) -> TemplateValue) {
    names = []
    self.member = { _ in nil }
    byPosition = true
    positionsOwner = keys
    positions = keys.table
    memberAt = member
  }

  /// An object with the members `keys`, valued `values` (same order).
  /// - Precondition: as many values as keys.
  public convenience init(keys: TemplateKeys, values: [TemplateValue]) {
    precondition(keys.names.count == values.count, "TemplateObject: one value per key")
    self.init(keys: keys) { values[$0] }
  }

  /// For a caller that finds a name's position once per kind of object
  /// (``RowProgram``): the key table's identity and the table; nil for an
  /// object looked up by name.
  var keyTable: (id: ObjectIdentifier, table: TemplateKeys.Table)? {
    byPosition ? (ObjectIdentifier(positionsOwner), positions) : nil
  }

  /// The member at `position` of ``keyTable``, computed now.
  func member(at position: Int) -> TemplateValue { memberAt(position) }

  /// The member named `key`, computed now; nil when absent (a Mustache miss).
  public subscript(key: String) -> TemplateValue? {
    guard byPosition else { return member(key) }
    guard let position = positions.index(of: key) else { return nil }
    return memberAt(position)
  }
}
