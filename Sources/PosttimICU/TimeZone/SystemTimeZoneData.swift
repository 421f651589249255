import CICUShim
import FoundationEssentials
import Glibc
import Synchronization

/// The system's tz database: the TZif files of a zoneinfo folder
/// (`TZDIR` when set, else `/usr/share/zoneinfo`, as in glibc), converted
/// to ICU zones once per ID.
///
/// ICU 72's built-in zones are tz 2022e and miss later changes (Egypt's
/// DST from 2023, Mexico without DST from late 2022, America/Ciudad_Juarez
/// added in 2022g). Where this returns a zone, formatters and calendars use
/// it; ICU's own zone is used only where the system has none (no file, or
/// an unsafe ID). A file that is there but cannot be used (empty,
/// truncated, a folder, unreadable) is an error
/// (``checkedZone(for:)``, ``DateEngineError/unusableZoneFile(zone:path:reason:)``):
/// falling back would show times by rules years out of date.
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
  /// exist (paths in it are matched against it as the zoneinfo tree).
  let resolvedDirectory: String?
  /// Why `directory` cannot be read as a tz database (missing, not a
  /// folder), or nil. A `TZDIR` chosen but unusable stops a run that
  /// needs a zone's file; the default folder missing is a system without
  /// tz data, whose zones are ICU's (under a warning, ``icuFallbackWarning(for:)``).
  let folderFault: String?
  private let zones = Mutex<[String: Lookup]>([:])

  private let tzdataNames = Mutex<TZDataNames?>(nil)

  /// The database's zone and link names (``TZDataNames``), read on first use.
  public var names: TZDataNames {
    tzdataNames.withLock { names in
      if let names { return names }
      let read = TZDataNames(directory: directory)
      names = read
      return read
    }
  }

  /// What the folder holds for an ID.
  enum Lookup {
    case zone(SystemTimeZone)
    /// No file: ICU's own zone, if any, is used.
    case missing
    /// A file that cannot be used; `isZoneFault` when it is a zone's
    /// whatever its name says: a TZif file malformed or cut short, or one
    /// not trusted (refused as a zone, never called an unknown name).
    case unusable(path: String, reason: String, isZoneFault: Bool)
    /// The folder itself cannot be read as a tz database (``folderFault``).
    case unusableFolder(reason: String)
  }

  /// Files larger than this are not TZif files (real ones are under 4 KiB).
  static let maximumFileSize = 256 * 1024

  /// The TZif database under `directory` (the value of `TZDIR`, or `/usr/share/zoneinfo`).
  public init(directory: String) {
    self.directory = directory
    self.resolvedDirectory = PathText.real(directory)
    self.folderFault = Self.folderFault(directory)
    self.version = Self.readVersion(directory + "/tzdata.zi")
  }

  /// Why the folder cannot be read as a tz database, or nil: looked up
  /// once, by the trusting walk (``TrustedPath``), so another user's
  /// folder or link on the way is refused before anything beyond it is
  /// looked up, whether a folder lies there or not.
  private static func folderFault(_ directory: String) -> String? {
    let walked: WalkedPath
    do throws(ProtectedLinkWalk.Refusal) {
      walked = try TrustedPath.walk(directory)
    } catch {
      // Another user's link the rule does not follow is named by each zone's lookup.
      if error.isLoop { return "(TZDIR) cannot be opened: \(ZoneFileContents.describe(ELOOP))" }
      if (try? ProtectedLinkWalk.resolve(folder: directory)) == nil { return nil }
      // Another user's folder of forged zones is refused before any zone is looked up in it.
      return "(TZDIR) " + ZoneFileContents.trustReason(error.reason)
    }
    defer { walked.closeDescriptor() }
    guard let info = walked.info else {
      if walked.error == ENOENT, directory == defaultDirectory { return nil }
      return "(TZDIR) cannot be opened: \(ZoneFileContents.describe(walked.error))"
    }
    guard info.st_mode & S_IFMT == S_IFDIR else { return "(TZDIR) is not a folder" }
    return nil
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
  /// string with rules (`POSIXRuleZone`), converted on first use; nil when
  /// the ID is not a safe relative path or the folder has no usable file
  /// for it. Callers that have not checked the ID use ``checkedZone(for:)``.
  public func zone(for id: String) -> SystemTimeZone? {
    if case .zone(let zone) = lookup(id) { return zone }
    return nil
  }

  /// The system zone for `id`, or nil when the system has none (ICU's own
  /// zone then applies).
  /// - Throws: ``DateEngineError/unusableZoneFile(zone:path:reason:)`` when
  ///   the folder has a file for `id` that is not a zone this tool can use.
  public func checkedZone(for id: String) throws(DateEngineError) -> SystemTimeZone? {
    switch lookup(id) {
    case .zone(let zone): return zone
    case .missing: return nil
    case .unusable(let path, let reason, _): throw .unusableZoneFile(zone: id, path: path, reason: reason)
    case .unusableFolder(let reason): throw folderError(zone: id, reason: reason)
    }
  }

  /// A `TZDIR` that is no folder, for the zone that needed a file from it (72).
  func folderError(zone: String, reason: String) -> DateEngineError {
    .unusableZonePath(
      zone: zone, path: directory,
      reason: reason + "; unset TZDIR or set it to a folder of zone files such as \(Self.defaultDirectory)",
      isFileFault: true)
  }

  /// A warning for a zone whose rules are ICU's own because this folder has
  /// no file for it, or nil (the system's file is used, or the zone needs
  /// none: UTC, a fixed offset, a POSIX rule).
  public func icuFallbackWarning(for id: String) -> String? {
    // ICU's custom IDs (GMT+05:30) are fixed offsets: no file, no rules.
    guard !Self.utcNames.contains(id), !id.hasPrefix("GMT+"), !id.hasPrefix("GMT-"), Self.isSafeID(id),
      !POSIXRuleZone.isRuleString(id), case .missing = lookup(id)
    else { return nil }
    return
      "time zone \"\(id)\": the system has no zone file \(TerminalText.echo(directory + "/" + id)); using ICU's own "
      + "rules (tz \(ICUVersions.timeZoneData)), which may be out of date"
  }

  /// What the folder has for `id`, read and converted once.
  func lookup(_ id: String) -> Lookup {
    let isRule = POSIXRuleZone.isRuleString(id)
    guard isRule || Self.isSafeID(id) else { return .missing }
    return zones.withLock { cache in
      if let cached = cache[id] { return cached }
      let found: Lookup
      if isRule {
        found = (try? SystemTimeZone(id: id, tzif: POSIXRuleZone.tzif(rule: id))).map(Lookup.zone) ?? .missing
      } else {
        found = load(id)
      }
      cache[id] = found
      return found
    }
  }

  private func load(_ id: String) -> Lookup {
    // UTC's rules need no file (an empty TZ under a broken TZDIR is UTC, as in glibc).
    if let folderFault { return Self.utcNames.contains(id) ? .missing : .unusableFolder(reason: folderFault) }
    let path = directory + "/" + id
    // Another user's link on the way (TZDIR=/tmp/s/zi, theirs) would give
    // forged rules: refused as a file that cannot be used, naming the link.
    do throws(ProtectedLinkWalk.Refusal) {
      _ = try ProtectedLinkWalk.resolve(folder: path)
    } catch {
      // A loop is reported below as the open's ELOOP, as for any broken path.
      if !error.isLoop { return .unusable(path: path, reason: "is refused: \(error.reason)", isZoneFault: false) }
    }
    guard resolvedDirectory != nil else { return .missing }  // no tz database here: ICU's zones
    guard let resolved = PathText.real(path) else {
      let error = errno
      // No such file is a zone the system does not have; a dangling
      // link, a loop or a folder it may not read is a broken one.
      var info = stat()
      if error == ENOENT || error == ENOTDIR, lstat(path, &info) != 0 { return .missing }
      return .unusable(path: path, reason: "cannot be opened: \(ZoneFileContents.describe(error))", isZoneFault: false)
    }
    // A link out of the folder is read where it leads, as glibc reads it
    // (`posix/America` is `../America`); the walk above applied the link rule.
    let bytes: [UInt8]
    do {
      bytes = try ZoneFileContents.read(resolved, named: path, maximumSize: Self.maximumFileSize)
    } catch {
      return error.missing ? .missing : .unusable(path: path, reason: error.reason, isZoneFault: error.untrusted)
    }
    do {
      return .zone(try SystemTimeZone(id: id, tzif: bytes))
    } catch {
      guard bytes.starts(with: Array("TZif".utf8)) else {
        return .unusable(path: path, reason: "is not a TZif file", isZoneFault: false)
      }
      guard error.name != "U_UNSUPPORTED_ERROR" else {
        return .unusable(
          path: path,
          reason: "cannot be converted exactly (a version 1 file, leap seconds, or a rule ICU cannot express)",
          isZoneFault: false)
      }
      return .unusable(path: path, reason: "is truncated or malformed (not a valid TZif file)", isZoneFault: true)
    }
  }

  /// The tz database's names for UTC (`/etc/localtime` is often
  /// `Etc/UTC`): ICU's rules for them are exact, so they need no file.
  static let utcNames: Set<String> = [
    "UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu", "Etc/GMT", "GMT",
    "Etc/GMT0", "GMT0", "Etc/GMT+0", "Etc/GMT-0", "GMT+0", "GMT-0", "Etc/Greenwich", "Greenwich",
  ]

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

  private static func readVersion(_ path: String) -> String? {
    // Non-blocking, regular files only: a FIFO named tzdata.zi in TZDIR
    // hung every run (even --version) waiting for a writer.
    guard let bytes = ZoneFileContents.head(path, count: 64), !bytes.isEmpty else { return nil }
    return try? withASCIIResult("cicu_tzdata_zi_version") { out, capacity, status in
      cicu_tzdata_zi_version(bytes, Int32(bytes.count), out, capacity, &status)
    }
  }
}
