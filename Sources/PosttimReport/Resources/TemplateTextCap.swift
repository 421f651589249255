/// The most text one report may load from a template folder in all: the
/// templates of its format (layouts, partials, parents) and the catalogs
/// it reads, each file counted once however many names it has. The cap
/// per file (``TemplateFileCap``) alone let a folder of many files, or of
/// many hard links to one file, hold gigabytes in memory. The shipped
/// `Templates/` folder (both formats and every catalog) is 85 KiB; 4 MiB
/// holds four files at the cap per file, and its parsing (tens of bytes
/// per byte) stays within a few hundred MB.
public enum TemplateTextCap {
  /// 4 MiB.
  public static let bytes = 4 << 20

  /// The refusal of the file whose loading would pass the cap, after its
  /// name: it names the folder the text comes from.
  public static func refusal(folder: String) -> String {
    "loading it takes the text of the templates and catalogs read from '\(folder)' past 4 MiB, "
      + "the cap for one report (a file under several names counts once)"
  }
}
