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
  /// Set when the items are made by position (``init(rows:)``).
  package let rows: Rows?

  /// Creates a stream whose elements come from a new iterator made by `makeIterator`.
  public init(_ makeIterator: @escaping @Sendable () -> AnyIterator<TemplateValue>) {
    self.factory = makeIterator
    rows = nil
  }

  /// Creates a stream over a sendable sequence (e.g. a lazy `map` over a range).
  public init<S: Sequence & Sendable>(_ sequence: S) where S.Element == TemplateValue {
    self.factory = { AnyIterator(sequence.makeIterator()) }
    rows = nil
  }

  /// Items made by position, `rows.item(0)` to `rows.item(rows.count - 1)`:
  /// a long stream's chunks then make their own rows on the thread that
  /// renders them, one at a time, each freed once rendered, where an
  /// iterator's were all made by the rendering thread and freed after
  /// their chunk was written.
  package init(rows: Rows) {
    self.rows = rows
    factory = { AnyIterator(RowsIterator(rows: rows)) }
  }

  public func makeIterator() -> AnyIterator<TemplateValue> { factory() }

  /// A stream's items by position.
  package struct Rows: Sendable {
    package let count: Int
    /// Item `position`, made now.
    package let item: @Sendable (_ position: Int) -> TemplateValue
    /// Hints that the texts item `position` lends will be read soon
    /// (``TemplateMembers/prefetchTexts()``), without making the item.
    package let prefetchTexts: @Sendable (_ position: Int) -> Void
    /// Makes one item that stands for any position, and the function that
    /// moves it to a position (it then is ``item`` of that position), for
    /// a renderer that renders positions one after another on one thread:
    /// the rows then share one object, where each made, retained and freed
    /// its own. Nil: the renderer makes each item with ``item``.
    package let cursor: (@Sendable () -> Cursor)?

    /// An item standing for the position it was last moved to.
    package struct Cursor {
      package let item: TemplateValue
      package let moveTo: (_ position: Int) -> Void

      package init(item: TemplateValue, moveTo: @escaping (Int) -> Void) {
        self.item = item
        self.moveTo = moveTo
      }
    }

    package init(
      count: Int, item: @escaping @Sendable (Int) -> TemplateValue,
      prefetchTexts: @escaping @Sendable (Int) -> Void = { _ in }, cursor: (@Sendable () -> Cursor)? = nil
    ) {
      self.count = count
      self.item = item
      self.prefetchTexts = prefetchTexts
      self.cursor = cursor
    }
  }

  private struct RowsIterator: IteratorProtocol {
    let rows: Rows
    var position = 0

    mutating func next() -> TemplateValue? {
      guard position < rows.count else { return nil }
      defer { position += 1 }
      return rows.item(position)
    }
  }
}
