/// An object whose members are computed when a template looks them up.
///
/// A report row has twenty fields, most of them formatted dates; a
/// template that shows five should pay for five. `keys` lists the members
/// (for dumps and JSON), `member` computes one.
public struct TemplateObject: Sendable {
  public let keys: [String]
  private let member: @Sendable (String) -> TemplateValue?

  public init(keys: [String], member: @escaping @Sendable (String) -> TemplateValue?) {
    self.keys = keys
    self.member = member
  }

  public subscript(key: String) -> TemplateValue? { member(key) }
}
