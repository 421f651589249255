import Testing

@testable import PosttimReportCLI

/// The days shown are one setting made of three options: given on the
/// command line, any of them replaces all three of the config file's.
@Suite("Window options: the command line replaces the config's window")
struct WindowOptionPrecedenceTests {
  static func options(_ pairs: [(String, String)], fromConfig: Bool) -> ParsedOptions {
    var options = ParsedOptions()
    for (name, text) in pairs {
      let spec = ReportOptions.all.first { $0.name == name }!
      options.append(
        spec, .init(text: text, origin: fromConfig ? .configFile(path: "config", line: 1, column: 1) : .commandLine))
    }
    return options
  }

  @Test("--from and --to on the command line drop the config's days; other settings stay")
  func replacesDays() throws {
    let config = Self.options([("days", "2"), ("min-importance", "3")], fromConfig: true)
    let merged = Self.options([("from", "tomorrow"), ("to", "next-workday")], fromConfig: false).overriding(config)
    #expect(merged.text(ReportOptions.days) == nil)
    #expect(merged.text(ReportOptions.from) == "tomorrow")
    #expect(merged.text(ReportOptions.to) == "next-workday")
    #expect(merged.text(ReportOptions.minimumImportance) == "3")
  }

  @Test("--days on the command line drops the config's from and to; without window options the config's stay")
  func replacesFromAndTo() throws {
    let config = Self.options([("from", "tomorrow"), ("to", "next-workday")], fromConfig: true)
    let merged = Self.options([("days", "1")], fromConfig: false).overriding(config)
    #expect(merged.text(ReportOptions.from) == nil && merged.text(ReportOptions.to) == nil)
    #expect(merged.text(ReportOptions.days) == "1")
    let kept = Self.options([("min-importance", "5")], fromConfig: false).overriding(config)
    #expect(kept.text(ReportOptions.from) == "tomorrow" && kept.text(ReportOptions.to) == "next-workday")
  }
}
