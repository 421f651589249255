import Testing

@testable import PosttimReportCLI

/// Each window option is layered on its own, but for the window's end:
/// `--to` and `--days` are alternatives, and the layer that gives either
/// decides it.
@Suite("Window options: layered one by one, --to and --days deciding the end together")
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

  @Test("--days on the command line drops the config's to and keeps its from; without window options the config's stay")
  func daysReplacesTo() throws {
    let config = Self.options([("from", "tomorrow"), ("to", "next-workday")], fromConfig: true)
    let merged = Self.options([("days", "1")], fromConfig: false).overriding(config)
    #expect(merged.text(ReportOptions.to) == nil)
    #expect(merged.text(ReportOptions.from) == "tomorrow")
    #expect(merged.text(ReportOptions.days) == "1")
    let kept = Self.options([("min-importance", "5")], fromConfig: false).overriding(config)
    #expect(kept.text(ReportOptions.from) == "tomorrow" && kept.text(ReportOptions.to) == "next-workday")
  }

  @Test("--from alone on the command line keeps the config's days (or to)")
  func fromKeepsTheEnd() throws {
    let days = Self.options([("days", "2")], fromConfig: true)
    let merged = Self.options([("from", "tomorrow")], fromConfig: false).overriding(days)
    #expect(merged.text(ReportOptions.from) == "tomorrow" && merged.text(ReportOptions.days) == "2")
    let to = Self.options([("to", "+3")], fromConfig: true)
    let overTo = Self.options([("from", "tomorrow")], fromConfig: false).overriding(to)
    #expect(overTo.text(ReportOptions.from) == "tomorrow" && overTo.text(ReportOptions.to) == "+3")
  }
}
