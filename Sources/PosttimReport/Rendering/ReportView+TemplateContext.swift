import PosttimTemplating

extension ReportView {
  /// The context handed to report templates (documented field by field in
  /// docs/template-context.md; `posttim-report --dump-context` prints it).
  /// Task lists are streams: rows are made while the template renders.
  public var templateContext: TemplateValue { templateContext(showDetails: true) }

  /// The same, with `showDetails` set as the writer decides
  /// (``WriterOptions/showDetails``): whether the report has a details part.
  public func templateContext(showDetails: Bool) -> TemplateValue {
    .object([
      "title": .string(title),
      "localeID": .string(localeID),
      "languageTag": .string(languageTag),
      "direction": .string(direction),
      "timeZoneID": .string(timeZoneID),
      "timeZoneLine": .string(timeZoneLine),
      "generatedLine": .string(generatedLine),
      "nowISO": .string(nowISO),
      "todayISO": .string(todayISO),
      "totalLine": .string(totalLine),
      "emptyLine": .string(emptyLine),
      "taskCount": .integer(taskCount),
      "hasSections": .bool(!sections.isEmpty),
      "showDetails": .bool(showDetails),
      "labels": .object([
        "time": .string(labels.time),
        "task": .string(labels.task),
        "importance": .string(labels.importance),
        "description": .string(labels.description),
        "index": .string(labels.index),
        "details": .string(labels.details),
        "exactTime": .string(labels.exactTime),
        "otherFields": .string(labels.otherFields),
      ]),
      "sections": .list(sections.map { $0.templateValue(todayISO: todayISO) }),
    ])
  }
}

extension SectionView {
  func templateValue(todayISO: String) -> TemplateValue {
    let section = self  // Sendable: the rows are made from it on demand
    return .object([
      "id": .string(id),
      "kind": .string(kind),
      "isOverdue": .bool(kind == "overdue"),
      "isToday": .bool(kind == "day" && dateISO == todayISO),
      "title": .string(title),
      "dateISO": dateISO.map(TemplateValue.string) ?? .null,
      "countLine": .string(countLine),
      "count": .integer(count),
      "tasks": .stream(TemplateStream { AnyIterator(section.tasks.lazy.map(\.templateValue).makeIterator()) }),
    ])
  }
}

extension TaskView {
  /// The row's members, computed as a template reads them.
  static let templateKeys = [
    "id", "when", "dateTime", "exactWhen", "title", "displayTitle", "importance", "importanceText",
    "importanceLevel", "isHighImportance", "isMediumImportance", "isLowImportance",
    "details", "dateUTC", "dateLocal", "hasExtraFields", "sourceLine", "extraFields", "source",
  ]

  var templateValue: TemplateValue {
    let row = self
    return .lazyObject(TemplateObject(keys: Self.templateKeys) { row.templateMember($0) })
  }

  func templateMember(_ key: String) -> TemplateValue? {
    switch key {
    case "id": return .string(id)
    case "when": return .string(when)
    case "dateTime": return .string(dateTime)
    case "exactWhen": return .string(exactWhen)
    case "title": return .string(title)
    case "displayTitle": return .string(displayTitle)
    case "importance": return .integer(importance)
    case "importanceText": return .string(importanceText)
    case "importanceLevel": return .string(importanceLevel.rawValue)
    case "isHighImportance": return .bool(importanceLevel == .high)
    case "isMediumImportance": return .bool(importanceLevel == .medium)
    case "isLowImportance": return .bool(importanceLevel == .low)
    case "details": return .string(details)
    case "dateUTC": return .string(dateUTC)
    case "dateLocal": return .string(dateLocal)
    case "hasExtraFields": return .bool(!task.extraFields.isEmpty)
    case "sourceLine": return .string(sourceLine)
    case "extraFields":
      return .list(extraFields.map { .object(["key": .string($0.key), "value": .string($0.value)]) })
    case "source": return .object(["file": .string(origin.file), "entry": .integer(origin.entry)])
    default: return nil
    }
  }
}
