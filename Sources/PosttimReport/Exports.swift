// `import PosttimReport` brings the date engine with it: the report API
// takes and returns its types (LocaleIdentifier, TimeZoneIdentifier,
// DateFormatSpec, DayCalendar, LocalDay), so a caller would need it anyway.
// PosttimTemplating is not re-exported: writing a report needs none of it.
@_exported import PosttimICU
