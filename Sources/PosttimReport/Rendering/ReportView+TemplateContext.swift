import PosttimTemplating

extension ReportView {
  /// The context handed to report templates (documented field by field in
  /// docs/template-context.md; `posttim-report --dump-context` prints it).
  /// Task lists are streams: rows are made while the template renders.
  public var templateContext: TemplateValue {
    .object([
      "title": .string(title),
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
      "sections": .list(sections.map(\.templateValue)),
    ])
  }
}

extension SectionView {
  var templateValue: TemplateValue {
    let section = self  // Sendable: the rows are made from it on demand
    return .object([
      "id": .string(id),
      "kind": .string(kind),
      "isOverdue": .bool(kind == "overdue"),
      "title": .string(title),
      "dateISO": dateISO.map(TemplateValue.string) ?? .null,
      "countLine": .string(countLine),
      "count": .integer(count),
      "tasks": .stream(TemplateStream { AnyIterator(section.tasks.lazy.map(\.templateValue).makeIterator()) }),
    ])
  }
}

extension TaskView {
  var templateValue: TemplateValue {
    .object([
      "id": .string(id),
      "when": .string(when),
      "dateTime": .string(dateTime),
      "exactWhen": .string(exactWhen),
      "title": .string(title),
      "displayTitle": .string(displayTitle),
      "importance": .integer(importance),
      "importanceText": .string(importanceText),
      "details": .string(details),
      "dateUTC": .string(dateUTC),
      "dateLocal": .string(dateLocal),
      "hasExtraFields": .bool(!extraFields.isEmpty),
      "sourceLine": .string(sourceLine),
      "extraFields": .list(extraFields.map { .object(["key": .string($0.key), "value": .string($0.value)]) }),
      "source": .object(["file": .string(origin.file), "entry": .integer(origin.entry)]),
    ])
  }
}
