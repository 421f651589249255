/// The largest template or catalog read (`--template`, any file of
/// `--template-dir`): they are small by nature (the shipped ones are under
/// 16 KiB each), and parsing one takes tens of bytes per byte (a template
/// dense with tags about 45), so a file of tens of MB would end a run under
/// a memory limit. One over the cap is refused by its size, before a byte
/// of it is read.
public enum TemplateFileCap {
  /// 1 MiB, as the config file's.
  public static let bytes = 1 << 20

  /// "is larger than 1 MiB, the cap for a template or catalog", after its name.
  public static let refusal = "is larger than 1 MiB, the cap for a template or catalog"
}
