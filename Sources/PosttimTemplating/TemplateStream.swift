/// A lazily produced list of template values, for sections over huge data.
///
/// Shape: wraps a `@Sendable` factory that returns a fresh iterator each time
/// the list is walked, so `{{#rows}}…{{/rows}}` can render a million rows without
/// materialising them, and the same stream can be rendered more than once.
/// An inverted section (`{{^rows}}`) pulls at most one element to test emptiness.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec),
/// sections.yml: a stream behaves exactly like a list there.
public struct TemplateStream: Sendable, Sequence {
  private let factory: @Sendable () -> AnyIterator<TemplateValue>

  /// Creates a stream whose elements come from a new iterator made by `makeIterator`.
  public init(_ makeIterator: @escaping @Sendable () -> AnyIterator<TemplateValue>) {
    self.factory = makeIterator
  }

  /// Creates a stream over a sendable sequence (e.g. a lazy `map` over a range).
  public init<S: Sequence & Sendable>(_ sequence: S) where S.Element == TemplateValue {
    self.factory = { AnyIterator(sequence.makeIterator()) }
  }

  public func makeIterator() -> AnyIterator<TemplateValue> { factory() }
}
