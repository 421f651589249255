import Foundation
import PosttimReport
import Testing

/// WCAG 2.x contrast of every text the HTML report shows, computed from the
/// colours the report emits: inline `color`/`background-color` (what e-mail
/// clients keep) resolved through the element tree, and the dark-scheme
/// rules of its `<style>` block. AA for normal text is 4.5:1.
@Suite("HTML colour contrast (WCAG 2.x)")
struct HTMLContrastTests {
  static let minimum = 4.5

  @Test("the contrast formula gives the published values")
  func formula() throws {
    // WCAG 2.x: black on white is 21:1, a colour on itself 1:1; #767676 on
    // white is the well-known lightest AA grey (4.54:1), #777777 just fails (4.48:1).
    #expect(abs(WCAGColor.contrast(try #require(WCAGColor("#000")), try #require(WCAGColor("#ffffff"))) - 21) < 0.001)
    #expect(WCAGColor.contrast(try #require(WCAGColor("#b3261e")), try #require(WCAGColor("#b3261e"))) == 1)
    #expect(abs(WCAGColor.contrast(try #require(WCAGColor("#767676")), try #require(WCAGColor("#fff"))) - 4.54) < 0.01)
    #expect(abs(WCAGColor.contrast(try #require(WCAGColor("#777777")), try #require(WCAGColor("#fff"))) - 4.48) < 0.01)
  }

  @Test("every text in the light (inline) styles has at least 4.5:1", arguments: [true, false])
  func inlineStyles(details: Bool) throws {
    let html = try Self.example(details: details)
    let pairs = InlineColorScanner.textColors(in: html)
    #expect(pairs.count > 100)
    let distinct = Set(pairs.map { "\($0.foreground.hex) on \($0.background.hex)" })
    #expect(distinct.count >= 6, "expected the badge, note, link, overdue and today colours: \(distinct)")
    for pair in pairs {
      let ratio = WCAGColor.contrast(pair.foreground, pair.background)
      #expect(ratio >= Self.minimum, "\(pair.foreground.hex) on \(pair.background.hex): \(ratio) for '\(pair.text)'")
    }
  }

  @Test("every text colour of the dark scheme has at least 4.5:1 on every dark background")
  func darkScheme() throws {
    let html = try Self.example(details: true)
    let start = try #require(html.range(of: "@media (prefers-color-scheme: dark) {"))
    let end = try #require(html[start.upperBound...].range(of: "\n}\n"))
    let rules = html[start.upperBound..<end.lowerBound]
    func values(_ property: String) -> [WCAGColor] {
      rules.matches(of: try! Regex("(?:^|[;{\\s])\(property)\\s*:\\s*(#[0-9a-fA-F]{3,6})")).compactMap {
        WCAGColor(String($0.output[1].substring!))
      }
    }
    let foregrounds = values("color")
    let backgrounds = values("background-color")
    #expect(foregrounds.count >= 4 && backgrounds.count >= 3)
    for foreground in foregrounds {
      for background in backgrounds {
        let ratio = WCAGColor.contrast(foreground, background)
        #expect(ratio >= Self.minimum, "dark: \(foreground.hex) on \(background.hex): \(ratio)")
      }
    }
  }

  static func example(details: Bool, locale: String = "fr_CA") throws -> String {
    let fixture = try ReportFixture(locale: locale)
    var options = WriterOptions()
    options.showDetails = details
    return try fixture.render(try TemplateReportWriter.html(options: options), fixture.exampleView())
  }
}

/// An sRGB colour and its relative luminance (WCAG 2.x, "relative luminance").
struct WCAGColor: Equatable {
  let red: Double, green: Double, blue: Double
  let hex: String

  /// `#rgb` or `#rrggbb`.
  init?(_ text: String) {
    var digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
    red = Double((value >> 16) & 0xFF) / 255
    green = Double((value >> 8) & 0xFF) / 255
    blue = Double(value & 0xFF) / 255
    hex = "#" + digits.lowercased()
  }

  var luminance: Double {
    func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1…21.
  static func contrast(_ a: WCAGColor, _ b: WCAGColor) -> Double {
    let (l1, l2) = (max(a.luminance, b.luminance), min(a.luminance, b.luminance))
    return (l1 + 0.05) / (l2 + 0.05)
  }
}

/// Walks the report's tags, keeping the inherited `color` and the nearest
/// `background-color` of the open elements, and yields them for each text.
enum InlineColorScanner {
  struct Pair { let foreground: WCAGColor; let background: WCAGColor; let text: String }

  static let voidElements: Set<String> = ["meta", "br", "link", "img", "hr", "col", "input"]

  static func textColors(in html: String) -> [Pair] {
    var stack: [(name: String, color: WCAGColor?, background: WCAGColor?)] = []
    var pairs: [Pair] = []
    var skipped = 0  // inside <head>: style sheet and title are not shown as page text
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
      let text = rest[..<open].trimmingCharacters(in: .whitespacesAndNewlines)
      if !text.isEmpty, skipped == 0 {
        let color = stack.last(where: { $0.color != nil })?.color ?? WCAGColor("#000")!
        let background = stack.last(where: { $0.background != nil })?.background ?? WCAGColor("#fff")!
        pairs.append(Pair(foreground: color, background: background, text: text))
      }
      guard let close = rest[open...].firstIndex(of: ">") else { break }
      let tag = rest[rest.index(after: open)..<close]
      rest = rest[rest.index(after: close)...]
      if tag.hasPrefix("!") { continue }
      if tag.hasPrefix("/") {
        let name = tag.dropFirst().lowercased()
        if name == "head" { skipped -= 1 }
        if let index = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(index...) }
        continue
      }
      let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" }).lowercased()
      if name == "head" { skipped += 1 }
      if voidElements.contains(name) { continue }
      let style = tag.firstMatch(of: /style="([^"]*)"/).map { String($0.output.1) } ?? ""
      stack.append((name, value("color", in: style), value("background-color", in: style)))
    }
    return pairs
  }

  static func value(_ property: String, in style: String) -> WCAGColor? {
    for declaration in style.split(separator: ";") {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == property {
        return WCAGColor(parts[1].trimmingCharacters(in: .whitespaces))
      }
    }
    return nil
  }
}
