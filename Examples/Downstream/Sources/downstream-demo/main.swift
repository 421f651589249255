import Foundation
import PosttimReport  // re-exports PosttimICU: DayCalendar, DateFormatting, the comparison helpers

/// Fixed instants, so the output is the same on every run.
func instant(_ text: String) throws -> Date {
  guard case .instant(let date) = try ISO8601.parse(text) else {
    throw DateEngineError.invalidDate(text, reason: "not an instant")
  }
  return date
}

let toronto = try DayCalendar(timeZone: TimeZoneIdentifier("America/Toronto"))
let morning = try instant("2026-11-30T14:00:00Z")  // 09:00 on 30 November in Toronto
let lateEvening = try instant("2026-12-01T04:30:00Z")  // 23:30 on 30 November
let midnight = try instant("2026-12-01T05:00:00Z")  // 00:00 on 1 December
let fallBack = try instant("2026-11-01T12:00:00Z")  // the day DST ends

print("== comparison helpers (America/Toronto)")
print("09:00 and 23:30 on 30 Nov, same day: \(morning.isSameDay(as: lateEvening, in: toronto))")
print("23:30 on 30 Nov and 00:00 on 1 Dec, same day: \(lateEvening.isSameDay(as: midnight, in: toronto))")
print("09:00 earlier than 23:30: \(morning.isEarlier(than: lateEvening)); later: \(morning.isLater(than: lateEvening))")
print("23:30 on an earlier day than 00:00: \(lateEvening.isOnEarlierDay(than: midnight, in: toronto))")
print("start of 30 Nov: \(ISO8601.utcString(lateEvening.startOfDay(in: toronto)))")
let hours = fallBack.endOfDay(in: toronto).timeIntervalSince(fallBack.startOfDay(in: toronto)) / 3600
print("1 Nov 2026 lasts \(Int(hours)) hours")

print("== the app's skeleton yyyy.MM.dd HH:mm, per locale")
for id in ["fr_CA", "en_US", "de_DE"] {
  let formatter = try DateFormatting.formatter(
    for: .skeleton("yyyy.MM.dd HH:mm"), locale: LocaleIdentifier(id), timeZone: toronto.timeZone)
  print("\(id): \(formatter.pattern) -> \(formatter.string(from: morning))")
}

print("== CSV writer, pattern yyyy.MM.dd HH:mm kept verbatim")
let settings = ReportSettings(
  locale: try LocaleIdentifier("fr_CA"), timeZone: toronto.timeZone, timeFormat: .pattern("yyyy.MM.dd HH:mm"))
let calendar = try DayCalendar(timeZone: settings.timeZone, locale: settings.locale)
let tasks = [
  TaskEntry(title: "Appeler, puis écrire", date: lateEvening, importance: 5),
  TaskEntry(title: "Remettre le TP", date: morning, importance: 8, details: "portail"),
]
let agenda = AgendaBuilder(calendar: calendar, collator: try ICUCollator(locale: settings.locale))
  .build(tasks, options: AgendaOptions(now: morning))
let catalog = MessageCatalog(locale: settings.locale, resources: EmbeddedResources())
let view = try ReportPresenter(settings: settings, calendar: calendar, catalog: catalog).view(of: agenda)
var csv = ""
CSVReportWriter(options: WriterOptions()).write(view, to: &csv)
for line in csv.split(separator: "\r\n", omittingEmptySubsequences: false) { print(line) }
