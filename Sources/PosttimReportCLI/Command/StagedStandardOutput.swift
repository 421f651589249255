import FoundationEssentials
import PosttimReport

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output never keeps part of a report. A regular file the
/// report can be cut back out of (`>`: ``StandardOutputFile/takesReportInPlace``)
/// is written as the report is made, and cut back to what it held when the
/// run fails or a signal ends it. Anything else (a pipe, `>>`, `2>&1`) gets
/// the report rendered into a staging file first (a memfd, whose pages are
/// not in the address space, so `ulimit -v` is unaffected; else an
/// `O_TMPFILE` file in `TMPDIR`; its first 64 MiB in ``StagingMemory``
/// where no limit is set), copied to descriptor 1 only once the rendering,
/// the check of recorded ICU failures and the staging writes all
/// succeeded. A run stopped by the render budget, a formatter's failure or
/// a full disk has printed nothing either way. A copy that fails partway
/// leaves a regular file as it was (``StandardOutputFile``); one left
/// non-blocking is waited for.
enum StagedStandardOutput {
  static func write(_ render: (inout FileDescriptorOutput) throws -> Void, to descriptor: Int32 = 1) throws {
    guard let file = StandardOutputFile(descriptor) else { return try staged(render, to: descriptor) }
    try file.withoutDirect {
      if file.takesReportInPlace { return try file.writeInPlace(render) }
      try staged(render, to: descriptor)
    }
  }

  /// Renders into a stage (`head` first), then copies it to `descriptor`.
  static func staged(
    _ render: (inout FileDescriptorOutput) throws -> Void, to descriptor: Int32 = 1,
    head: StagingMemory? = StagingMemory.make()
  ) throws {
    guard let stage = stagingFile() else {
      // No staging file (no descriptor, no memory): printed as it is made,
      // and a regular file cut back if the run fails.
      var output = FileDescriptorOutput(descriptor: descriptor, name: "<stdout>")
      try StandardOutputFile.keptWhole(StandardOutputFile(descriptor)) {
        try render(&output)
        try output.finish()
      }
      return
    }
    defer { close(stage) }
    // The first bytes in memory, the rest in the file at the same offsets.
    if let head, lseek(stage, off_t(head.capacity), SEEK_SET) < 0 {
      throw OutputError(.writeFailed, path: "<stdout>", reason: "its staging copy cannot be placed")
    }
    var staged = FileDescriptorOutput(descriptor: stage, name: "<stdout>", head: head)
    do {
      try render(&staged)
      try staged.finish()
    } catch let failure as OutputError {
      throw fileSizeLimitReached(stage) ?? failure
    }
    let position = lseek(stage, 0, SEEK_CUR)
    guard position >= 0 else {
      throw OutputError(
        .writeFailed, path: "<stdout>", reason: "its staging copy cannot be measured; nothing was printed")
    }
    // The bytes staged: in memory only, or the memory's and the file's.
    let end = head.map { Int(position) > $0.capacity ? Int(position) : $0.count } ?? Int(position)
    let file = StandardOutputFile(descriptor)
    if let limitError = file?.fileSizeLimitError(length: end) { throw limitError }
    // A signal during the copy cuts out what it wrote, as in place.
    let counted = file?.countedCopy()
    defer { if counted != nil { SignalCleanup.cutBack(-1, to: 0) } }
    try StandardOutputFile.keptWhole(file, counted: counted) {
      if let head {
        var output = FileDescriptorOutput(descriptor: descriptor, name: "<stdout>")
        output.progress = counted
        head.write(to: &output, pieceLength: StagedPagesRelease.pieceLength)
        try output.finish()
      }
      try copy(stage, from: head?.capacity ?? 0, length: end, to: descriptor, progress: counted)
    }
  }

  /// Why staging stopped when the stage reached `ulimit -f`: a memfd is
  /// held to it as a file is, though standard output (a pipe) is not. The
  /// guarantee stays (nothing printed), and the message says what to
  /// raise. Staging in anonymous memory instead would count against
  /// `ulimit -v`, which the memfd is chosen to spare, and lifting the
  /// soft limit meanwhile fails under `ulimit -f`, which sets the hard one.
  /// Nil when the stage is short of the limit (another failure).
  static func fileSizeLimitReached(_ stage: Int32) -> OutputError? {
    var limit = rlimit()
    var info = stat()
    guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max,
      fstat(stage, &info) == 0,
      UInt64(info.st_size) + (1 << 16) >= UInt64(limit.rlim_cur)
    else { return nil }
    return OutputError(
      .writeFailed, path: "<stdout>",
      reason: "the report (\(info.st_size) bytes so far) is larger than the file-size limit (ulimit -f, "
        + "\(limit.rlim_cur) bytes) its staging copy is held to; nothing was printed: raise the limit")
  }

  /// A memfd, else an unnamed file in `TMPDIR` (else /tmp), or nil.
  static func stagingFile() -> Int32? {
    if let memory = MemoryFile.make("posttim-report-stdout") { return memory }
    // A TMPDIR the link rule refuses stages nothing: printed as it is made.
    guard let folder = try? TemporaryFolder.walked(TemporaryFolder.named) else { return nil }
    let file = TemporaryFolder.unnamedFile(in: folder)
    return file >= 0 ? file : nil
  }

  /// Copies the staged bytes from `start` to `length` to `descriptor` (standard output):
  /// `sendfile` while it works (the pages copied are freed meanwhile,
  /// ``StagedPagesRelease``), then reads and writes through
  /// ``FileDescriptorOutput`` (a non-blocking or odd standard output),
  /// whose failure names `<stdout>` as a direct write's would.
  static func copy(
    _ stage: Int32, from start: Int = 0, length: Int, to descriptor: Int32 = 1, progress: (any WriteProgress)? = nil
  ) throws {
    var offset = off_t(start)
    let release = StagedPagesRelease(stage: stage, from: start)
    defer { release.finish() }
    while Int(offset) < length {
      let piece = min(length - Int(offset), StagedPagesRelease.pieceLength)
      progress?.writing(piece)
      let sent = sendfile(descriptor, stage, &offset, piece)
      progress?.wrote(max(sent, 0))
      if sent < 0, errno == EINTR { continue }
      if sent <= 0 { break }
      release.release(below: Int(offset))
    }
    guard Int(offset) < length else { return }
    var output = FileDescriptorOutput(descriptor: descriptor, name: "<stdout>")
    output.progress = progress
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while Int(offset) < length {
      let count = chunk.withUnsafeMutableBytes { pread(stage, $0.baseAddress!, $0.count, offset) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        throw OutputError(.writeFailed, path: "<stdout>", reason: "its staged copy cannot be read")
      }
      chunk.withUnsafeBufferPointer { output.write(validUTF8: UnsafeBufferPointer(rebasing: $0[..<count])) }
      offset += off_t(count)
    }
    try output.finish()
  }
}
