extension OutputFile {
  /// Writes one output per path, `render(index, &stream)` making the one
  /// at `paths[index]` (`-o 'NAME-{locale}.EXT'`).
  ///
  /// Every target is opened first, with the checks of one ``OutputFile``
  /// (links, folders, other users' files, a FIFO of another user without a
  /// reader; a regular file's temporary file made), so a target refused up
  /// front leaves every file as it was. Then every one is written, and a
  /// failure while writing (the render budget, a full disk) leaves every
  /// regular file as it was; then each is put in place in turn, where a
  /// failure (a sync or rename refused) leaves the ones before it replaced.
  /// A FIFO or device is written through: its time limit counts from its
  /// turn, and what it was given stays given.
  /// - Parameter makeHook: a hook for each file (see ``TemporaryFileHook``).
  public static func writeEach(
    to paths: [String], hook makeHook: () -> (any TemporaryFileHook)?, writeTimeout: Int = WriteWait.defaultSeconds,
    _ render: (Int, inout FileDescriptorOutput) throws -> Void
  ) throws {
    var files: [OutputFile] = []
    files.reserveCapacity(paths.count)
    do throws(OutputError) {
      for path in paths {
        files.append(try OutputFile(path: path, hook: makeHook(), writeTimeout: writeTimeout, deferringReader: true))
      }
    } catch {
      for file in files { file.abort() }
      throw error
    }
    // Every regular file is rendered before any replaces its target: a
    // failure in a later one (the render budget, a recorded ICU failure)
    // leaves every one as it was. A FIFO or device is closed at once (its
    // reader may wait for its end before it opens the next).
    // On a failure: the regular files before `index` wait for their rename,
    // and every file from `next` on is not done.
    func abortUncommitted(before index: Int, from next: Int) {
      for file in files[..<index] where file.replacesByRename { file.abort() }
      for file in files[next...] { file.abort() }
    }
    for index in files.indices {
      do {
        try files[index].begin()
        try render(index, &files[index].stream)
      } catch {
        abortUncommitted(before: index, from: index)
        throw error
      }
      guard !files[index].replacesByRename else { continue }
      do {
        // commit() cleans up after itself when it fails.
        try files[index].commit()
      } catch {
        abortUncommitted(before: index, from: index + 1)
        throw error
      }
    }
    for index in files.indices where files[index].replacesByRename {
      do {
        try files[index].commit()
      } catch {
        for file in files[(index + 1)...] where file.replacesByRename { file.abort() }
        throw error
      }
    }
  }
}
