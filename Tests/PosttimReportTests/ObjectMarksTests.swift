import Testing

@testable import PosttimReport

/// `ObjectMarks` against a `Set` on the same marks, at word edges and past them.
@Suite("Binary plist object marks")
struct ObjectMarksTests {
  @Test("an object is met before only once marked, at every bit of a word and across words")
  func agreesWithSet() {
    var marks = ObjectMarks(count: 200)
    var reference = Set<Int>()
    for index in [0, 63, 64, 127, 128, 199, 63, 1, 64, 0, 130, 199] {
      #expect(marks.contains(index) == reference.contains(index), "index \(index)")
      #expect(marks.insert(index) == !reference.insert(index).inserted, "index \(index)")
      #expect(marks.contains(index))
    }
    #expect((0..<200).filter(marks.contains) == reference.sorted())
  }
}
