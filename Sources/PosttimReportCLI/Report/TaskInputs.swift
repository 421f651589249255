import FoundationEssentials
import PosttimICU
import PosttimReport

#if canImport(Glibc)
  import Glibc
#endif

/// The run's task lists: checked as named before anything is read, then
/// read all before anything is written.
struct TaskInputs {
  /// Nil reads descriptor 0 as a stream (``TaskListLoader/readStandardInput``).
  let readStandardInput: (@Sendable () throws -> Data)?
  /// Why only regular files are read (``TaskListLoader/regularOnly``).
  var regularOnly: String? = nil

  /// Reads every input after the memory check of every report path (the
  /// plain run, `preview --report`): under a limit, inputs and a product
  /// of `perLocale` bytes per byte of list in each of `locales` locales
  /// (`once` more for all of them) must fit before anything is read
  /// (``MemoryReserve``), and each stream is checked as it is read.
  /// - Throws: ``SystemLimitError`` (71) when they cannot; as ``load(_:)``.
  func load(_ paths: [String], locales: Int, perLocale: Int, once: Int = 0) throws -> [TaskEntry] {
    let streamMemory = try MemoryReserve.check(inputs: paths, locales: locales, perLocale: perLocale, once: once)
    return try load(paths, streamMemory: streamMemory)
  }

  /// Reads every input, and reports every bad one; a stream is checked
  /// against `streamMemory` as it is read (nil: not checked; the roster
  /// reserves its readers' memory itself, ``RosterListMemory``).
  func load(_ paths: [String], streamMemory: StreamMemoryGuard? = nil) throws -> [TaskEntry] {
    let loader = TaskListLoader(
      readStandardInput: readStandardInput, streamMemory: streamMemory, regularOnly: regularOnly)
    var tasks: [TaskEntry] = []
    var errors: [TaskListError] = []
    for path in paths {
      do {
        let loaded = try loader.load(path)
        // Moved, not appended: appending copied every task.
        tasks = TaskEntry.joined(consume tasks, loaded)
      } catch {
        errors.append(error)
      }
    }
    if errors.count == 1 { throw errors[0] }
    if !errors.isEmpty { throw InputErrors(errors: errors) }
    return tasks
  }

  /// Stdin can be read once, and a file given twice would list every task
  /// twice.
  static func checkDistinct(_ inputs: [String]) throws {
    if inputs.filter({ $0 == "-" }).count > 1 {
      throw UsageError("'-' (standard input) given more than once")
    }
    // One input cannot repeat (and the first table of file identities costs
    // a scan of the runtime's conformance records, 0.1 ms of every start).
    // '-' is standard input's own file or pipe: `- /dev/stdin` names it twice.
    guard inputs.count > 1 else { return }
    var seen: [InputIdentity: String] = [:]
    for input in inputs {
      guard let id = InputIdentity(input) else { continue }
      if let first = seen[id] { throw UsageError("'\(input)' is the same file as '\(first)'") }
      seen[id] = input
    }
  }

  /// The config file cannot be an input too (`--config /dev/stdin -`):
  /// read first, it would leave the list empty. Checked before it is read.
  static func checkConfigFile(_ config: String, isNotIn inputs: [String]) throws {
    guard !inputs.isEmpty, let configID = InputIdentity(config) else { return }
    if let input = inputs.first(where: { InputIdentity($0) == configID }) {
      throw UsageError("'\(input)' is the same file as the config file '\(config)'")
    }
  }

  /// `-o` naming a file the run reads would replace it: one of the task
  /// lists (not read yet, so checked by name), or any file already read
  /// (the config file, the template, a partial or catalog, the roster:
  /// ``ReadFiles``).
  static func checkOutput(_ output: String, isNotIn inputs: [String]) throws {
    guard output != "-", let outputID = FileIdentity(path: output) else { return }
    for input in inputs {
      let inputID = input == "-" ? FileIdentity.standardInput : FileIdentity(path: input)
      if inputID == outputID {
        let name = input == "-" ? "standard input" : "the input '\(input)'"
        throw UsageError("output '\(output)' is \(name); refusing to overwrite a task list")
      }
    }
    if let read = outputID.readAs, stillLeads(read.path, to: outputID) {
      throw UsageError(
        "output '\(output)' is \(read.role.rawValue) '\(read.path)'; refusing to overwrite \(read.role.overwritten)")
    }
  }

  /// Whether the path a file was read at still leads to `id`: a file read,
  /// then removed, may have left its inode to another. A path too long to
  /// look up in one call (a template folder's file, read from the folder's
  /// descriptor, under a folder spelled long) is taken to: nothing shows
  /// that its file was replaced.
  static func stillLeads(_ path: String, to id: FileIdentity) -> Bool {
    path.utf8.count >= PATH_MAX || FileIdentity(path: path) == id
  }
}

/// Several inputs failed: one line each, exit status of the first.
struct InputErrors: Error, CustomStringConvertible {
  let errors: [TaskListError]
  var description: String {
    errors.map(\.description).joined(separator: "; ")
  }
}
