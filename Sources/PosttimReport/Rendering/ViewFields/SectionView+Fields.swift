extension SectionView {
  /// A section's fields, in the JSON writer's order (`tasks` follows).
  static let fields: [ViewField<SectionView>] = [
    .init(
      "id", .string, example: "day-2026-12-01", "stable anchor: `overdue`, `day-YYYY-MM-DD` or `week-YYYY-MM-DD`",
      jsonMeaning: "stable ID: `\"overdue\"`, `\"day-2026-11-30\"` or `\"week-2026-11-30\"` (the week's first day)"
    ) { section, _ in .string(section.id) },
    .init(
      "kind", .string, example: "day", "`overdue`, `day` or `week`",
      jsonMeaning: "`\"overdue\"` (tasks due before today, only without `--from`; always first when present), "
        + "`\"day\"` or `\"week\"` (`--group-by week`)"
    ) { section, _ in .string(section.kind) },
    .init("isOverdue", .boolean, example: "false", "true for the overdue section", json: .absent) { section, _ in
      .bool(section.kind == "overdue")
    },
    .init(
      "precedesOverdue", .boolean, example: "false",
      "true for the first section from today on when there is an overdue section (the HTML layout shows it "
        + "first, so today is on a phone's first screen)",
      json: .absent
    ) { section, _ in .bool(section.precedesOverdue) },
    .init("isToday", .boolean, example: "false", "true for today's day section", json: .absent) { section, context in
      .bool(section.kind == "day" && section.dateISO == context.todayISO)
    },
    .init(
      "title", .string, example: "Demain — mardi 1 décembre 2026",
      "localized heading: relative name beside a full date, or a date",
      jsonMeaning: "localized heading: `\"En retard\"`, `\"Aujourd’hui — lundi 30 novembre 2026\"`, "
        + "`\"Mercredi 2 décembre 2026\"`"
    ) { section, _ in .string(section.title) },
    .init(
      "dateISO", .optionalString, example: "2026-12-01", "the day, or the week's first day; null for overdue",
      json: .alias("date"),
      jsonMeaning: "ISO 8601 date of the day, or of the week's first day (the locale's first weekday); "
        + "`null` for `overdue`"
    ) { section, _ in section.dateISO.map { .string($0) } ?? .null },
    .init(
      "count", .integer, example: "4", "tasks in the section", jsonMeaning: "number of tasks in `tasks` (≥ 1)"
    ) { section, _ in .integer(section.count) },
    .init(
      "countLine", .string, example: "4 tâches", "localized count, with its plural form",
      jsonMeaning: "localized, pluralized count: `\"5 tâches\"`, `\"1 tâche\"`"
    ) { section, _ in .string(section.countLine) },
    .init(
      "countSuffix", .string, example: " (4 tâches)",
      "`countLine` in parentheses as written after a heading, spacing included: `（4件）` in Japanese and Chinese",
      json: .absent
    ) { section, _ in .string(section.countSuffix) },
  ]

  static let children = ViewChildrenField(
    name: "tasks", templateType: "list of task", jsonType: "array of task",
    meaning: "produced as the template reads them (streamed)",
    jsonMeaning: "in order: by due time, then importance (9 first), then title in the locale's collation order"
  )
}
