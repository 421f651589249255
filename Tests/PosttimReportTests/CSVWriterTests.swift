import Foundation
import PosttimReport
import Testing
import TestSupport

@Suite("CSV (RFC 4180)")
struct CSVWriterTests {
  @Test("quoting: delimiter, double quote, CR, LF; CRLF line ends")
  func quoting() {
    let writer = CSVReportWriter()
    #expect(writer.quoted("plain") == "plain")
    #expect(writer.quoted("a,b") == "\"a,b\"")
    #expect(writer.quoted("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(writer.quoted("two\nlines") == "\"two\nlines\"")
    #expect(writer.quoted("cr\r\nlf") == "\"cr\r\nlf\"")
    #expect(CSVReportWriter(delimiter: ";").quoted("a,b") == "a,b")
    #expect(CSVReportWriter(delimiter: ";").quoted("a;b") == "\"a;b\"")
  }

  @Test("every field of the example reads back exactly (RFC 4180 reader)")
  func roundTrip() throws {
    let fixture = try ReportFixture()
    // Raw formulas: the example's "=SOMME(…)" title must read back as stored.
    let text = try fixture.render(CSVReportWriter(neutralizeFormulas: false), fixture.exampleView())
    let rows = parseRFC4180(text)
    #expect(rows.first == CSVReportWriter.header)
    let tasks = try TaskListLoader().load(TestPaths.example.path)
    #expect(rows.count == tasks.count + 1)
    let titles = Set(rows.dropFirst().map { $0[1] })
    #expect(titles == Set(tasks.map(\.title)))
    let byTitle = Dictionary(rows.dropFirst().map { ($0[1], $0) }, uniquingKeysWith: { a, _ in a })
    let multiline = try #require(byTitle["Party de Noël du département"])
    #expect(multiline[3] == "Échange de cadeaux (limite 20 $).\nApporter une « entrée ».")
    #expect(multiline[4] == "2026-12-18T22:00:00Z")
    #expect(multiline[0] == "18 déc. 2026, 17 h 00")
  }
}

/// A strict RFC 4180 reader, written from §2 of the RFC, for round trips.
func parseRFC4180(_ text: String) -> [[String]] {
  var rows: [[String]] = []
  var row: [String] = []
  var field = ""
  var inQuotes = false
  var iterator = Array(text.unicodeScalars).makeIterator()
  var pending: Unicode.Scalar? = nil
  func next() -> Unicode.Scalar? {
    if let p = pending { pending = nil; return p }
    return iterator.next()
  }
  while let c = next() {
    if inQuotes {
      if c == "\"" {
        if let after = next() {
          if after == "\"" { field.unicodeScalars.append("\"") } else { inQuotes = false; pending = after }
        } else {
          inQuotes = false
        }
      } else {
        field.unicodeScalars.append(c)
      }
    } else if c == "\"" {
      inQuotes = true
    } else if c == "," {
      row.append(field)
      field = ""
    } else if c == "\r" {
      if let after = next(), after != "\n" { pending = after }
      row.append(field)
      rows.append(row)
      row = []
      field = ""
    } else {
      field.unicodeScalars.append(c)
    }
  }
  if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
  return rows
}
