import PosttimReport

/// The report's own HTML styles (`html/style/*` partials), so a preview of
/// a report's day (`preview --report -f html`) looks like the report, not
/// like the browser's serif defaults: the body's font, size and colours,
/// the dark-scheme sheet, and the day heading's and count line's styles.
/// A preview is read in a browser, so a `<style>` element carries them.
struct PreviewStyles {
  /// `<style>` for dark mode and print (`style/sheet`).
  let sheet: String
  /// The `<body>` style (`style/body`).
  let body: String
  /// A count line's style (`style/note`).
  let note: String
  /// The rules of the preview's own `<style>`: the body, a day heading as
  /// `html/day.mustache` styles it, cells ruled as the report's task list
  /// (`html/task.mustache`), count lines as `style/note`.
  var rules: String {
    """
    <style>
    body { \(body) }
    h2 { font-size:17px;margin:8px 0 4px 0; }
    table { border-collapse:collapse; }
    th, td { padding:4px 12px 4px 0;border-top:1px solid #ddd;text-align:start;vertical-align:top; }
    .q { \(note) }
    </style>
    """
  }

  /// The shipped partials (the preview does not read `--template-dir`).
  init(resources: any ResourceFiles = EmbeddedResources()) {
    func partial(_ name: String) -> String {
      (resources.text(at: "html/style/\(name).mustache") ?? "").trimmingLineBreaks()
    }
    sheet = partial("sheet")
    body = partial("body")
    note = partial("note")
  }
}
