import PosttimTemplating

/// The template engine's chunking, for harnesses outside the package: a
/// stream of at least ``chunkSize`` items is rendered in chunks on other
/// threads, so the template fuzz harness builds streams of one full chunk
/// and more to reach that path.
public enum TemplateChunking {
  /// Items per chunk of a long stream section.
  public static let chunkSize = ChunkedRendering.chunkSize
}
