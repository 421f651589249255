extension TaskView {
  /// A task's fields, in the JSON writer's order. Each is computed only
  /// when an output reads it (templates look members up one by one).
  static let fields: [ViewField<TaskView>] = [
    .init(
      "id", .string, example: "task-0655a7cf3492e4cd",
      "stable anchor, derived from the task's content (date, title, importance, description); "
        + "an identical twin gets `-2`, `-3`…",
      jsonMeaning: "content ID: `\"task-\"` + 16 lowercase hex digits (FNV-1a 64 of date, title, importance, "
        + "description). The same task gives the same ID on every run; identical twins get `\"-2\"`, `\"-3\"`… "
        + "after the first. iCalendar UIDs are this ID + `@posttim-report`"
    ) { task, _ in .string(task.id) },
    .init(
      "title", .string, example: "Remettre le TP #3 — Post'TIM", "the title as stored (may be empty)",
      jsonMeaning: "the title (`tache`) exactly as stored; may be `\"\"`"
    ) { task, _ in .string(task.title) },
    .init(
      "displayTitle", .string, example: "(sans titre)",
      "the title, or a localized placeholder (the example) when it shows nothing: empty, or only spaces, controls and "
        + "invisible characters",
      jsonMeaning: "`title`, or the localized placeholder (`\"(sans titre)\"`) when `title` shows nothing (empty, or "
        + "only spaces, controls and invisible characters)"
    ) { task, _ in .string(task.displayTitle) },
    .init("importance", .integer, example: "8", "1…9", jsonMeaning: "1 (least) … 9 (most), from `importance`") {
      task, _ in .integer(task.importance)
    },
    .init(
      "importanceText", .string, example: "8", "importance in the locale's digits (`٨` in ar_EG)", json: .absent
    ) { task, _ in .string(task.importanceText) },
    .init(
      "importanceLevel", .string, example: "high", "`high` (7…9), `medium` (4…6) or `low` (1…3)", json: .absent
    ) { task, _ in .string(task.importanceLevel.rawValue) },
    .init(
      "isHighImportance", .boolean, example: "true",
      "the same, for sections (`{{#isHighImportance}}…{{/isHighImportance}}`)", json: .absent
    ) { task, _ in .bool(task.importanceLevel == .high) },
    .init("isMediumImportance", .boolean, example: "false", "the same, for medium", json: .absent) { task, _ in
      .bool(task.importanceLevel == .medium)
    },
    .init("isLowImportance", .boolean, example: "false", "the same, for low", json: .absent) { task, _ in
      .bool(task.importanceLevel == .low)
    },
    .init(
      "details", .string, "the description, with its line breaks", json: .alias("description"),
      jsonMeaning: "`description` exactly as stored (line breaks kept as they are: LF, CR LF or CR); "
        + "`\"\"` when missing"
    ) { task, _ in .string(task.details) },
    .init(
      "dateUTC", .string, example: "2026-11-30T13:00:00Z", "ISO 8601, UTC",
      jsonMeaning: "the due instant, ISO 8601 in UTC, whole seconds: `\"2026-11-30T13:00:00Z\"`"
    ) { task, _ in .string(task.dateUTC) },
    .init(
      "dateLocal", .string, example: "2026-11-30T08:00:00-05:00", "ISO 8601 with the zone's offset",
      jsonMeaning: "the same instant as wall time in `timeZone` with its UTC offset: "
        + "`\"2026-11-30T08:00:00-05:00\"` (`Z` when the offset is 0; `±hh:mm:ss` when it has seconds, as local mean time "
        + "does: `\"0001-01-01T05:41:16+05:41:16\"` in Asia/Kathmandu). Two tasks an hour apart on a DST "
        + "fall-back night have the same wall time and different offsets"
    ) { task, _ in .string(task.dateLocal) },
    .init(
      "when", .string, example: "08 h 00", "time in a day section; date and time in the overdue and week sections",
      jsonMeaning: "localized time as the Markdown/HTML reports show it: the time only in a `day` section "
        + "(`\"08 h 00\"`), date and time in `overdue` and `week` sections; with a skeleton, a wall time that "
        + "occurs twice carries its offset (`\"01 h 30 (UTC−04:00)\"`) unless the two occurrences' texts differ "
        + "already (`z`: `\"01 h 30 HAE\"`, `\"01 h 30 HNE\"`); a generic or location zone (`v`, `V`), or a "
        + "daylight/standard name across a change of standard offset, gets it; a `--pattern` is verbatim. "
        + "Follows `--skeleton`/`--pattern`"
    ) { task, _ in .string(task.when) },
    .init(
      "dateTime", .string, example: "30 nov. 2026, 08 h 00", "always date and time",
      jsonMeaning: "localized date and time whatever the section: `\"30 nov. 2026, 08 h 00\"` (the CSV `date` column)"
    ) { task, _ in .string(task.dateTime) },
    .init(
      "exactWhen", .string, example: "30 nov. 2026, 08 h 00 (UTC−05:00)", "date, time and UTC offset",
      jsonMeaning: "localized date, time and UTC offset, always: `\"30 nov. 2026, 08 h 00 (UTC−05:00)\"`; "
        + "when the format already prints the offset or the daylight/standard zone name (`z`, `O`, `x`…), "
        + "nothing is added, except at a wall time that occurs twice whose two texts are the same; a generic "
        + "or location zone (`v`, `V`) gets the offset"
    ) { task, _ in .string(task.exactWhen) },
    .init(
      "hasExtraFields", .boolean, example: "false", "true when the plist entry had keys the tool does not know",
      json: .absent
    ) { task, _ in .bool(!task.task.extraFields.isEmpty) },
    .init(
      "extraFields", .map, example: "[{\"key\": \"couleur\", \"value\": \"rouge\"}]",
      "those keys, sorted, with their values as text",
      jsonMeaning: "plist keys this tool does not interpret, by key (sorted); each value as a string: strings as "
        + "stored, integers and reals as numbers in text, booleans `\"true\"`/`\"false\"`, dates ISO 8601 UTC, "
        + "data Base64, arrays and dictionaries as JSON-like text, their strings and keys quoted and escaped as "
        + "JSON strings (`{\"a\": \"say \\\"hi\\\"\"}`, a line break `\\n`; dates, data and numbers inside "
        + "bare) so the text reads back unambiguously. `{}` when none"
    ) { task, _ in .map(task.extraFields) },
    .init(
      "source", .record, example: "{\"file\": \"listeDesTaches.plist\", \"entry\": 1}",
      "where the task was read; entries count from 1", jsonMeaning: "where the task was read",
      jsonMembers: [
        ("file", "string", "the input path as given on the command line (`\"-\"` for stdin)"),
        ("entry", "integer", "the entry's position in the file's array, counting from 1"),
      ]
    ) { task, _ in .record([("file", .string(task.origin.file)), ("entry", .integer(task.origin.entry))]) },
    .init(
      "sourceLine", .string, example: "Tiré de listeDesTaches.plist, entrée 1", "the same, as a localized sentence",
      json: .absent
    ) { task, _ in .string(task.sourceLine) },
  ]
}
