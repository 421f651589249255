import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The memory limits a run is under, `ulimit -v` (RLIMIT_AS) and
/// `ulimit -d` (RLIMIT_DATA), each with what the process already uses of
/// it: an allocation past one ends a Swift program, so what is left is
/// checked before it is needed.
public struct MemoryLimit: Sendable, Equatable {
  /// `-v` or `-d`, as the user raises it.
  public let option: String
  /// The soft limit, in bytes.
  public let bytes: Int
  /// The process's own use of it now (/proc/self/statm: its size, or its
  /// data and stack).
  public let used: Int

  /// What the limit leaves (negative when already past it).
  public var left: Int { bytes - used }

  /// The limits set now, with the process's use; none without a limit.
  public static func current() -> [MemoryLimit] {
    var found: [MemoryLimit] = []
    var usage: (size: Int, data: Int)?
    for (resource, option) in [(RLIMIT_AS, "-v"), (RLIMIT_DATA, "-d")] {
      guard let bytes = soft(resource) else { continue }
      usage = usage ?? statm()
      let used = option == "-v" ? usage?.size : usage?.data
      found.append(MemoryLimit(option: option, bytes: bytes, used: used ?? 0))
    }
    return found
  }

  /// Whether any limit is set (one read of each, no /proc).
  public static var isSet: Bool { soft(RLIMIT_AS) != nil || soft(RLIMIT_DATA) != nil }

  /// The soft limit on `resource` in bytes, or nil when there is none.
  private static func soft(_ resource: __rlimit_resource) -> Int? {
    var value = rlimit()
    guard getrlimit(__rlimit_resource_t(resource.rawValue), &value) == 0, value.rlim_cur != rlim_t.max else {
      return nil
    }
    return Int(clamping: value.rlim_cur)
  }

  /// The process's size and its data and stack, in bytes: the first and
  /// sixth fields of /proc/self/statm, in pages; one `read`, cheap enough
  /// to repeat for every chunk of a stream.
  private static func statm() -> (size: Int, data: Int)? {
    let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer -> (Int, Int)? in
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      guard count > 0 else { return nil }
      var fields: [Int] = []
      var value = 0
      for byte in buffer[..<count] {
        if byte >= 0x30 && byte <= 0x39 {
          value = value * 10 + Int(byte - 0x30)
        } else {
          fields.append(value)
          value = 0
          if fields.count == 6 { break }
        }
      }
      guard fields.count == 6 else { return nil }
      let page = sysconf(Int32(_SC_PAGESIZE))
      return (fields[0] * page, fields[5] * page)
    }
  }
}
