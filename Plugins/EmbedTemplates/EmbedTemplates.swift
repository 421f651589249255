import Foundation
import PackagePlugin

/// Embeds the top-level `Templates/` folder (default report templates and
/// message catalogs) into the target that uses this plugin, so the built
/// binary works when copied alone (e.g. to /usr/local/bin for cron).
/// `Templates/` stays the one source: the generated file is rebuilt when
/// any file in it changes.
@main
struct EmbedTemplates: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL.appending(path: "Templates")
    var inputs: [URL] = []
    if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
      for case let url as URL in walker
      where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        inputs.append(url)
      }
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
    return [
      .buildCommand(
        displayName: "Embedding Templates/ (\(inputs.count) files)",
        executable: try context.tool(named: "embed-templates").url,
        arguments: [root.path, output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
