extension ReportView {
  /// The report's fields, in the JSON writer's order (after `schemaVersion`
  /// and `generator`, which describe the document, not the report).
  static let fields: [ViewField<ReportView>] = [
    .init(
      "localeID", .string, example: "fr_CA", "the ICU locale ID in use", json: .alias("locale.id"),
      jsonMeaning: "canonical ICU locale ID: `\"fr_CA\"`, `\"ja_JP@calendar=japanese\"`"
    ) { view, _ in .string(view.localeID) },
    .init(
      "languageTag", .string, example: "fr-CA", "BCP 47 tag without extensions, for `lang` attributes",
      json: .alias("locale.languageTag"),
      jsonMeaning: "the same locale as a BCP 47 tag without extensions or private use, as HTML `lang` and "
        + "`Content-Language` take it: `\"fr-CA\"`, `\"ja-JP\"` for `ja_JP@calendar=japanese` (`id` keeps them)"
    ) { view, _ in .string(view.languageTag) },
    .init(
      "direction", .string, example: "ltr", "`rtl` for right-to-left locales (ar, he, fa…)",
      json: .alias("locale.direction"), jsonMeaning: "`\"ltr\"` or `\"rtl\"` (Arabic, Hebrew, Persian…)"
    ) { view, _ in .string(view.direction) },
    .init(
      "timeZoneID", .string, example: "America/Toronto",
      "the zone in use: its IANA time zone ID, or for `-z` given as an offset or POSIX rules ICU's `GMT+09:00` "
        + "(no DST) or the rules as given",
      json: .alias("timeZone"),
      jsonMeaning: "the zone of every local value: its IANA time zone ID (`\"America/Toronto\"`); for `-z` given "
        + "as an offset or POSIX rules, not an IANA ID: ICU's custom ID `\"GMT+09:00\"` (`+09:00`, `JST-9`) or "
        + "the rules as given (`\"AEST-10AEDT,M10.1.0,M4.1.0/3\"`); every local value carries its UTC offset"
    ) { view, _ in .string(view.timeZoneID) },
    .init(
      "timeZoneLine", .string, example: "Fuseau horaire : heure de l’Est (America/Toronto)",
      "localized sentence naming the zone", json: .absent
    ) { view, _ in .string(view.timeZoneLine) },
    .init(
      "generatedLine", .string, example: "Produit par posttim-report 0.1.0 le 30 nov. 2026, 09 h 00",
      "generator and time of the run", json: .absent
    ) { view, _ in .string(view.generatedLine) },
    .init(
      "nowISO", .string, example: "2026-11-30T14:00:00Z", "\"now\", ISO 8601 UTC", json: .alias("now"),
      jsonMeaning: "the report's \"now\", ISO 8601 in UTC with seconds: `\"2026-11-30T14:00:00Z\"`"
    ) { view, _ in .string(view.nowISO) },
    .init(
      "todayISO", .string, example: "2026-11-30", "today's local date, ISO 8601", json: .alias("today"),
      jsonMeaning: "the local calendar date of `now` in `timeZone`, ISO 8601: `\"2026-11-30\"`"
    ) { view, _ in .string(view.todayISO) },
    .init(
      "title", .string, example: "Agenda", "the report's title",
      jsonMeaning: "the report's localized title: `\"Agenda\"`"
    ) { view, _ in .string(view.title) },
    .init(
      "taskCount", .integer, example: "24", "tasks in the report", jsonMeaning: "number of tasks in all sections (≥ 0)"
    ) { view, _ in .integer(view.taskCount) },
    .init(
      "totalLine", .string, example: "24 tâches en tout", "localized total, with the plural form for the count",
      jsonMeaning: "localized, pluralized total: `\"24 tâches en tout\"`"
    ) { view, _ in .string(view.totalLine) },
    .init("emptyLine", .string, example: "Aucune tâche.", "shown when no section has tasks", json: .absent) { view, _ in
      .string(view.emptyLine)
    },
    .init("hasSections", .boolean, example: "true", "false when the report is empty", json: .absent) { view, _ in
      .bool(!view.sections.isEmpty)
    },
    .init(
      "showDetails", .boolean, example: "true",
      "whether the report has a details part (`--details`/`--no-details`; default on for `html`, off for `email`); "
        + "rows link to details only then",
      json: .absent
    ) { _, context in .bool(context.showDetails) },
    .init("labels", .record, "localized headers (see below)", json: .absent) { view, context in
      .record(ColumnLabels.fields.map { ($0.name, $0.value(view.labels, context)) })
    },
  ]

  /// The objects that dotted JSON aliases make, for the schema document.
  static let jsonObjects = ["locale": "the report's locale (`--locale`, or the environment's)"]

  static let children = ViewChildrenField(
    name: "sections", templateType: "list of section", jsonType: "array of section",
    meaning: "in display order: overdue first, then by day or week",
    jsonMeaning: "in agenda order; `[]` when no task is shown"
  )
}

extension ColumnLabels {
  /// The localized headers (template context only, under `labels`).
  static let fields: [ViewField<ColumnLabels>] = [
    .init("time", .string, example: "Heure", "", json: .absent) { labels, _ in .string(labels.time) },
    .init("task", .string, example: "Tâche", "", json: .absent) { labels, _ in .string(labels.task) },
    .init("importance", .string, example: "Importance", "", json: .absent) { labels, _ in .string(labels.importance) },
    .init("description", .string, example: "Description", "", json: .absent) { labels, _ in
      .string(labels.description)
    },
    .init("index", .string, example: "Jours", "", json: .absent) { labels, _ in .string(labels.index) },
    .init("details", .string, example: "Détail des tâches", "", json: .absent) { labels, _ in .string(labels.details) },
    .init("exactTime", .string, example: "Heure exacte", "", json: .absent) { labels, _ in .string(labels.exactTime) },
    .init("otherFields", .string, example: "Autres champs", "", json: .absent) { labels, _ in
      .string(labels.otherFields)
    },
  ]
}
