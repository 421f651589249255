/// What writers may need beyond the report: templates and format options.
public struct WriterOptions: Sendable {
  /// `Templates/` as embedded, possibly overlaid by a user's folder.
  public var resources: any ResourceFiles

  public init(resources: any ResourceFiles = EmbeddedResources()) {
    self.resources = resources
  }
}
