/// "Did you mean …?" for a mistyped name: the candidate at the smallest
/// optimal-string-alignment distance (Damerau–Levenshtein where no
/// substring is edited twice: `fromat` is one transposition from `format`,
/// two edits from `from`).
enum Suggestion {
  /// The closest candidate within a third of the typo's length (at least
  /// 1, at most 3 edits); ties go to the candidate sharing the longer
  /// prefix, then to the first listed. Nil when nothing is that close.
  static func closest(to typo: String, in candidates: [String]) -> String? {
    let typed = Array(typo.lowercased())
    let limit = min(3, max(1, typed.count / 3))
    var best: (name: String, distance: Int, prefix: Int)?
    for candidate in candidates {
      let folded = Array(candidate.lowercased())
      let distance: Int
      if folded.starts(with: typed) && typed.count >= 3 {
        distance = 1  // a typo that is a prefix of exactly the intended name counts as close
      } else if abs(folded.count - typed.count) > limit {
        // The distance is at least the difference in length: skipping here
        // keeps a long value (a 128 KiB argument, an 8 KiB config line)
        // linear instead of a table of its length times each name's.
        continue
      } else {
        distance = self.distance(typed, folded)
      }
      guard distance <= limit else { continue }
      let prefix = zip(typed, folded).prefix { $0 == $1 }.count
      if best == nil || distance < best!.distance || (distance == best!.distance && prefix > best!.prefix) {
        best = (candidate, distance, prefix)
      }
    }
    return best?.name
  }

  /// Optimal string alignment distance: insertions, deletions,
  /// substitutions and transpositions of adjacent characters, each 1.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous) = (previous, current)
    }
    return previous[b.count]
  }
}
