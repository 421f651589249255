import Testing

@testable import PosttimICU

/// Which patterns tell the two occurrences of a repeated wall time apart by
/// their own zone field: the offset (`Z O x X`) or the specific name (`z`)
/// do; the generic name (`v`) and the location (`V`) do not. Quoted text is
/// no field (`''` is a quote, not a quoted run).
@Suite("Zone fields that tell a repeated wall time's occurrences apart")
struct OccurrenceZoneFieldTests {
  @Test(
    "which patterns show the offset or a specific zone name",
    arguments: [
      ("HH:mm z", true), ("HH:mm zzzz", true), ("HH:mm O", true), ("HH:mm OOOO", true), ("HH:mm Z", true),
      ("HH:mm ZZZZZ", true), ("HH:mmX", true), ("HH:mm xxx", true), ("HH:mm v", false), ("HH:mm vvvv", false),
      ("HH:mm V", false), ("HH:mm VV", false), ("HH:mm VVV", false), ("HH:mm VVVV", false), ("HH:mm", false),
      ("HH:mm 'z O x'", false), ("HH:mm 'z' VVV", false), ("HH:mm ''z", true), ("HH 'h''' mm v", false),
      ("VVVV HH:mm Z", true),
    ])
  func showsOccurrenceZone(pattern: String, expected: Bool) {
    #expect(PatternFields.showsOccurrenceZone(pattern) == expected)
  }
}
