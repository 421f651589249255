/// The stack of values names are looked up in while rendering.
///
/// Lookup of `a.b.c`: find the topmost frame that is an object with key `a`,
/// then resolve `b` and `c` inside that value only (no further stack walking,
/// so a broken chain is a miss). `{{.}}` is the top frame.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec),
/// interpolation.yml "Dotted Names" and sections.yml name resolution.
struct ContextStack {
  private(set) var frames: [TemplateValue]

  init(_ root: TemplateValue) {
    frames = [root]
  }

  mutating func push(_ value: TemplateValue) { frames.append(value) }
  mutating func pop() { frames.removeLast() }

  /// The value at `path`, or `nil` when any part of it is missing.
  func resolve(_ path: NamePath) -> TemplateValue? {
    guard let first = path.first else { return frames.last }
    var value: TemplateValue?
    for frame in frames.reversed() {
      if let found = frame[first] {
        value = found
        break
      }
    }
    for key in path.dropFirst() {
      value = value?[key]
    }
    return value
  }
}
