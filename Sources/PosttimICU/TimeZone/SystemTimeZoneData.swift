import CICUShim
import Foundation
import Synchronization

/// The system's tz database: the TZif files of a zoneinfo folder
/// (`TZDIR` when set, else `/usr/share/zoneinfo`, as in glibc), converted
/// to ICU zones once per ID.
///
/// ICU 72's built-in zones are tz 2022e and miss later changes (Egypt's
/// DST from 2023, Mexico without DST from late 2022, America/Ciudad_Juarez
/// added in 2022g). Where this returns a zone, formatters and calendars use
/// it; where it returns nil (no file, an unsafe ID, or a file that does not
/// convert exactly) they keep ICU's own zone.
public final class SystemTimeZoneData: Sendable {
  /// The process's zoneinfo folder, from `TZDIR` at first use (read by
  /// `getenv`: `ProcessInfo.environment` makes a dictionary of every
  /// variable, half a million instructions at each start).
  public static let shared = SystemTimeZoneData(
    environment: getenv("TZDIR").map { ["TZDIR": String(cString: $0)] } ?? [:])

  /// glibc's default zoneinfo folder (and Debian's tzdata package's).
  public static let defaultDirectory = "/usr/share/zoneinfo"

  /// The zoneinfo folder, e.g. `/usr/share/zoneinfo`.
  public let directory: String
  /// The tz database version from the first line of `<directory>/tzdata.zi`
  /// (`# version 2025b` → `2025b`), or nil when the file is missing or
  /// does not start that way.
  public let version: String?
  /// `directory` with symbolic links resolved, or nil when it does not
  /// exist; TZif paths must resolve inside it.
  private let resolvedDirectory: String?
  private let zones = Mutex<[String: SystemTimeZone?]>([:])

  /// Files larger than this are not TZif files (real ones are under 4 KiB).
  static let maximumFileSize = 256 * 1024

  /// The TZif database under `directory` (the value of `TZDIR`, or `/usr/share/zoneinfo`).
  public init(directory: String) {
    self.directory = directory
    self.resolvedDirectory = Self.realPath(directory)
    self.version = Self.readVersion(directory + "/tzdata.zi")
  }

  /// The folder named by `TZDIR` (when set and not empty), else
  /// ``defaultDirectory``.
  public convenience init(environment: [String: String]) {
    self.init(directory: Self.directory(in: environment))
  }

  static func directory(in environment: [String: String]) -> String {
    let tzdir = environment["TZDIR"] ?? ""
    return tzdir.isEmpty ? defaultDirectory : tzdir
  }

  private static let byDirectory = Mutex<[String: SystemTimeZoneData]>([:])

  /// The tz database an environment names (`TZDIR`), shared by every
  /// caller naming the same folder so zones are converted once.
  public static func named(by environment: [String: String]) -> SystemTimeZoneData {
    let directory = directory(in: environment)
    if directory == shared.directory { return shared }
    return byDirectory.withLock { folders in
      if let data = folders[directory] { return data }
      let data = SystemTimeZoneData(directory: directory)
      folders[directory] = data
      return data
    }
  }

  /// The system zone for an IANA ID (`Africa/Cairo`), or for a POSIX TZ
  /// string with rules (`POSIXRuleZone`), converted on first
  /// use; nil when the ID is not a safe relative path, the folder has no
  /// regular file for it, or the file is not a TZif file that converts
  /// exactly (see ``SystemTimeZone/init(id:tzif:)``).
  public func zone(for id: String) -> SystemTimeZone? {
    let isRule = POSIXRuleZone.isRuleString(id)
    guard isRule || Self.isSafeID(id) else { return nil }
    return zones.withLock { cache in
      if let cached = cache[id] { return cached }
      let zone = isRule ? try? SystemTimeZone(id: id, tzif: POSIXRuleZone.tzif(rule: id)) : load(id)
      cache[id] = zone
      return zone
    }
  }

  private func load(_ id: String) -> SystemTimeZone? {
    guard let resolvedDirectory, let path = Self.realPath(directory + "/" + id),
      path.hasPrefix(resolvedDirectory + "/"),
      let tzif = ZoneFileContents.read(path, maximumSize: Self.maximumFileSize)
    else { return nil }
    return try? SystemTimeZone(id: id, tzif: tzif)
  }

  /// True for an ID that names a file inside the folder: relative, with
  /// non-empty components that are not `.` or `..`, in the characters of
  /// tz database names (ASCII letters, digits, `_`, `-`, `+`, `.`).
  static func isSafeID(_ id: String) -> Bool {
    guard !id.isEmpty, id.utf8.count <= 255 else { return false }
    let components = id.split(separator: "/", omittingEmptySubsequences: false)
    return components.allSatisfy { component in
      !component.isEmpty && component != "." && component != ".."
        && component.utf8.allSatisfy { byte in
          switch byte {
          case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
            UInt8(ascii: "+"), UInt8(ascii: "."):
            return true
          default:
            return false
          }
        }
    }
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func readVersion(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 64), !head.isEmpty else { return nil }
    let bytes = [UInt8](head)
    return try? withASCIIResult("cicu_tzdata_zi_version") { out, capacity, status in
      cicu_tzdata_zi_version(bytes, Int32(bytes.count), out, capacity, &status)
    }
  }
}
