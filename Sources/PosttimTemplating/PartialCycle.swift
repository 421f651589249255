/// The partials that repeat on an inclusion stack too deep to go on: what
/// the depth error names, so the author is sent to the template that
/// recurses, not to whichever partial happened to be included last
/// (`{{>*title}}` can include a partial that includes nothing).
enum PartialCycle {
  /// The last cycle on `stack` (outermost first, the refused inclusion
  /// last), from a name to its previous inclusion, as the hint in the
  /// error: `recursive 'agenda'?`, `recursive 'a' → 'b' → 'a'?`; nil when
  /// no partial repeats (the depth is made of sections or blocks).
  static func hint(_ stack: [String]) -> String? {
    for end in stack.indices.reversed() {
      guard let start = stack[..<end].lastIndex(of: stack[end]) else { continue }
      let cycle = stack[start...end]
      let names = cycle.count == 2 ? [cycle.first!] : Array(cycle)
      return "recursive " + names.map { "'\($0)'" }.joined(separator: " → ") + "?"
    }
    return nil
  }
}
