import Foundation
import PosttimICU
import Testing

@testable import PosttimReport

/// The messages fluent readers corrected, formatted by ICU in their own
/// locale with real arguments: Monday 30 November 2026 as the locale's
/// day headings write it inside a sentence, and the example's file name.
@Suite("Reviewed translations")
struct ReviewedTranslationsTests {
  static let day = LocalDay(year: 2026, month: 11, day: 30)

  /// The day as `{date}` receives it (skeleton yMMMMEEEEd, middle of a sentence).
  static func date(_ locale: LocaleIdentifier) throws -> String {
    try DateFormatting.formatter(
      for: .skeleton("yMMMMEEEEd"), locale: locale, timeZone: .utc, capitalization: .middleOfSentence
    ).string(from: DayCalendar(timeZone: .utc).start(of: day).addingTimeInterval(43_200))
  }

  static func text(_ locale: String, _ key: MessageKey, count: Int? = nil) throws -> String {
    let locale = try LocaleIdentifier(locale)
    var arguments: [String: MessageArgument] = [
      "date": .string(try date(locale)), "generator": .string("posttim-report 0.1.0"),
      "file": .string("listeDesTaches.plist"), "entry": .number(3),
    ]
    if let count { arguments["count"] = .number(Double(count)) }
    return MessageCatalog(locale: locale, resources: EmbeddedResources()).text(key, arguments)
  }

  @Test(
    "each corrected message, exactly",
    arguments: [
      ("lv_LV", MessageKey.mailSubject, nil, "Darba kārtība: pirmdiena, 2026. gada 30. novembris"),
      ("pt_BR", .reportTotal, 0, "0 tarefas no total"),
      ("pt_BR", .sectionCount, 0, "0 tarefas"),
      ("pt_BR", .sectionCount, 1, "1 tarefa"),
      ("pt_BR", .sectionCount, 2, "2 tarefas"),
      (
        "ru_RU", .mailClipped, nil,
        "Это письмо длинное: некоторые почтовые программы (Gmail) показывают только его начало. "
          + "Текстовая версия письма содержит всё расписание."
      ),
      (
        "uk_UA", .mailClipped, nil,
        "Цей лист довгий: деякі поштові програми (Gmail) показують лише його початок. "
          + "Текстова версія листа містить увесь розклад."
      ),
      (
        "fi_FI", .mailClipped, nil,
        "Tämä viesti on pitkä: jotkin sähköpostiohjelmat (Gmail) näyttävät siitä vain alun. "
          + "Viestin tekstiversiossa on koko aikataulu."
      ),
      ("zh_TW", .mailClipped, nil, "這封郵件很長：部分郵件程式（如 Gmail）只會顯示開頭。本郵件的純文字版本包含完整的行程表。"),
      ("ro_RO", .sectionWeek, nil, "Săptămâna care începe luni, 30 noiembrie 2026"),
      ("tr_TR", .sectionWeek, nil, "30 Kasım 2026 Pazartesi ile başlayan hafta"),
      ("tr_TR", .detailsExactTime, nil, "Kesin tarih ve saat"),
      ("el_GR", .mailSubject, nil, "Ατζέντα: Δευτέρα 30 Νοεμβρίου 2026"),
      ("el_GR", .columnImportance, nil, "Σπουδαιότητα"),
      ("bn_BD", .reportGenerated, nil, "posttim-report 0.1.0 দ্বারা তৈরি, সোমবার, ৩০ নভেম্বর, ২০২৬"),
      ("fr_CA", .reportGenerated, nil, "Généré par posttim-report 0.1.0 le lundi 30 novembre 2026"),
      ("de_DE", .detailsExactTime, nil, "Genauer Zeitpunkt"),
      ("lt_LT", .sectionOverdue, nil, "Pradelstos"),
      ("lv_LV", .detailsSource, nil, "No faila listeDesTaches.plist, ieraksts 3"),
      ("lt_LT", .detailsSource, nil, "Iš failo listeDesTaches.plist, įrašas 3"),
      ("ko_KR", .sectionWeek, nil, "2026년 11월 30일 월요일부터 시작하는 주"),
      ("zh_CN", .sectionWeek, nil, "2026年11月30日星期一起的一周"),
      ("zh_TW", .sectionWeek, nil, "2026年11月30日 星期一起的一週"),
      ("ar_EG", .sectionWeek, nil, "الأسبوع الذي يبدأ الاثنين، ٣٠ نوفمبر ٢٠٢٦"),
      ("he_IL", .mailSubject, nil, "סדר היום ליום שני, 30 בנובמבר 2026"),
      ("vi_VN", .sectionWeek, nil, "Tuần bắt đầu từ Thứ Hai, 30 tháng 11, 2026"),
      ("vi_VN", .detailsOtherFields, nil, "Các trường khác"),
      ("id_ID", .detailsExactTime, nil, "Waktu tepat"),
    ] as [(String, MessageKey, Int?, String)])
  func corrected(locale: String, key: MessageKey, count: Int?, expected: String) throws {
    let text = try Self.text(locale, key, count: count)
    #expect(text == expected, "\(locale) \(key.rawValue)")
  }
}
