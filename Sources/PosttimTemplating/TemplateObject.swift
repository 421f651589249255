/// An object whose members are computed when a template looks them up.
///
/// A report row has twenty fields, most of them formatted dates; a
/// template that shows five should pay for five. `keys` lists the members
/// (for dumps and JSON), `member` computes one.
public struct TemplateObject: Sendable {
  /// The member names, for dumps and JSON (lookups do not need them).
  public let keys: [String]
  private let member: @Sendable (String) -> TemplateValue?

  /// - Parameters:
  ///   - keys: the member names, for dumps and JSON.
  ///   - member: computes one member by name; nil for a name it does not have.
  public init(keys: [String], member: @escaping @Sendable (String) -> TemplateValue?) {
    self.keys = keys
    self.member = member
  }

  /// The member named `key`, computed now; nil when absent (a Mustache miss).
  public subscript(key: String) -> TemplateValue? { member(key) }
}
