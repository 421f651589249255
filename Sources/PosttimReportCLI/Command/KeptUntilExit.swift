import Synchronization

/// Values the process ends with, never freed: `exit` hands their memory
/// back to the kernel at once, where releasing a million tasks one string
/// at a time costs about a second (``ReportCommand/exitsAfterRun``).
enum KeptUntilExit {
  private static let values = Mutex<[any Sendable]>([])

  static func keep(_ value: any Sendable) { values.withLock { $0.append(value) } }
}
