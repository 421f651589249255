import FoundationEssentials
import Glibc

/// A zone named by a path, as `TZ` takes it: the one reading of
/// `/usr/share/zoneinfo/Asia/Tokyo`, `:/…`, a copied zone file and a link
/// for `TZ`, `-z`, the config file's `time-zone` and roster cells.
///
/// glibc reads the file a path names, wherever it is. This tool needs the
/// zone's IANA ID (ICU finds names and metazones by it), so a path is the
/// zone it leads to in the zoneinfo tree (links followed only under the
/// kernel's `protected_symlinks` rule, ``ProtectedLinkWalk``), or, for a
/// regular file outside the tree, the zone whose file has the same bytes.
/// Any other file is refused: showing UTC while `date` shows the file's
/// time would be wrong in silence.
public enum TimeZonePath {
  /// `value` without `TZ`'s leading `:`, and whether it is an absolute path.
  public static func body(of value: String) -> (text: String, isPath: Bool) {
    let text = value.hasPrefix(":") ? String(value.dropFirst()) : value
    return (text, text.hasPrefix("/"))
  }

  /// The zone `path` names (`value` is the text as given, for messages), or
  /// nil when there is no file there or the tree has no zone of its name.
  /// - Throws: ``DateEngineError/unusableZonePath(zone:path:reason:isFileFault:)``
  ///   for a link the rule refuses or a file that cannot be read (file
  ///   faults), and for a file that is no zone of the tree (not a file
  ///   fault); ``DateEngineError/unusableZoneFile(zone:path:reason:)`` for
  ///   a broken file in the tree.
  public static func zone(_ path: String, value: String, in data: SystemTimeZoneData) throws(DateEngineError)
    -> TimeZoneIdentifier?
  {
    switch try lookUp(path, value: value, in: data) {
    case .zone(let zone): return zone
    case .notAZone(let refusal): throw refusal
    }
  }

  /// What ``zone(_:value:in:)`` finds at a path: a zone (nil for no file or
  /// no zone of the tree's name), or a file that is no zone of the tree
  /// (an unknown name, when the name came from the tree).
  private enum Found {
    case zone(TimeZoneIdentifier?)
    case notAZone(DateEngineError)
  }

  /// ``zone(_:value:in:)``, with a file that is no zone returned rather
  /// than thrown; file faults and a zone counting leap seconds are thrown.
  private static func lookUp(_ path: String, value: String, in data: SystemTimeZoneData) throws(DateEngineError)
    -> Found
  {
    func refused(_ at: String, _ reason: String, isFileFault: Bool = true) -> DateEngineError {
      .unusableZonePath(zone: value, path: at, reason: reason, isFileFault: isFileFault)
    }
    let resolved: String
    let named: String
    do throws(ProtectedLinkWalk.Refusal) {
      // The name as written first (`US/Eastern`, a link in the tree), then where its links lead.
      let (folder, name) = ProtectedLinkWalk.split(path)
      let within = try ProtectedLinkWalk.resolve(folder: folder)
      named = (within == "/" ? "" : within) + "/" + name
      resolved = try ProtectedLinkWalk.resolve(folder: path)
    } catch {
      throw refused(path, error.isLoop ? "cannot be opened: \(error.reason)" : "is refused: \(error.reason)")
    }
    // No file where the kernel looks (`…/Toronto/.` is no path to a file): glibc finds none either.
    var info = stat()
    let exists = stat(path, &info) == 0
    if !exists, ZoneFileContents.namesNoFile(errno) { return .zone(nil) }
    // Only a file nobody but the caller and root could have written gives
    // times: a fault of the value that named it, or of the tree's files.
    if exists, info.st_mode & S_IFMT == S_IFREG, let refusal = TrustedPath.refusal(path, info: info) {
      let inTree = treeID(of: named, in: data) != nil || treeID(of: resolved, in: data) != nil
      throw refused(path, ZoneFileContents.trustReason(refusal), isFileFault: inTree)
    }
    // A file of the tree that is no ID (`posixrules`, `localtime`) is read on: glibc reads where it leads.
    for candidate in [named, resolved] {
      guard let id = treeID(of: candidate, in: data) else { continue }
      if let plain = leapSecondZone(id) { throw refused(path, leapSecondsReason(plainID: plain), isFileFault: false) }
      if let zone = try DeviceTimeZone.known(id, data) { return .zone(zone) }
    }
    let bytes: [UInt8]
    do {
      bytes = try ZoneFileContents.read(resolved, named: path, maximumSize: SystemTimeZoneData.maximumFileSize)
    } catch {
      if error.missing { return .zone(nil) }
      throw refused(path, error.reason)
    }
    let hint = "name the zone by its ID, such as Asia/Tokyo"
    guard bytes.starts(with: Array("TZif".utf8)) else {
      return .notAZone(refused(path, "is not a TZif zone file; \(hint)", isFileFault: false))
    }
    if countsLeapSeconds(bytes) { throw refused(path, leapSecondsReason(plainID: nil), isFileFault: false) }
    // Matching reads the tree's files: another user's link to it is named, as for an ID.
    do throws(ProtectedLinkWalk.Refusal) {
      _ = try ProtectedLinkWalk.resolve(folder: data.directory)
    } catch {
      throw refused(data.directory, "is refused: \(error.reason)")
    }
    if let fault = data.folderFault { throw data.folderError(zone: value, reason: fault) }
    guard let id = sameBytes(bytes, path: path, in: data) else {
      return .notAZone(
        refused(
          path,
          "is a zone file that matches none of the zones in \(data.directory) (a copy of one of them is read as "
            + "that zone); \(hint)", isFileFault: false))
    }
    return .zone(try DeviceTimeZone.known(id, data))
  }

  /// The zone a name of the tree that is no ID (`posixrules`, `localtime`)
  /// leads to, as glibc reads `TZ=posixrules`; nil when the tree has no
  /// regular file of that name or the file is none of its zones (then the
  /// name is unknown, as `iso3166.tab` and `America` are).
  /// - Throws: what ``zone(_:value:in:)`` throws for a file fault.
  public static func treeFile(named name: String, value: String, in data: SystemTimeZoneData) throws(DateEngineError)
    -> TimeZoneIdentifier?
  {
    guard SystemTimeZoneData.isSafeID(name) else { return nil }
    let path = data.directory + "/" + name
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    // A file of the tree that is no zone is an unknown name; a zone counting leap seconds is refused.
    switch try lookUp(path, value: value, in: data) {
    case .zone(let zone): return zone
    case .notAZone: return nil
    }
  }

  /// The plain zone of a `right/` ID of the tree (`right/Europe/Paris` →
  /// `Europe/Paris`), nil for any other ID.
  static func leapSecondZone(_ id: String) -> String? {
    id.hasPrefix("right/") ? String(id.dropFirst("right/".count)) : nil
  }

  /// True for TZif bytes with leap-second records (RFC 8536 §3.1: the
  /// first header's `leapcnt`, bytes 28–31): glibc then counts leap
  /// seconds, 27 s by 2017, which a task list's dates (POSIX seconds) do not.
  static func countsLeapSeconds(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 32 && bytes[28..<32].contains { $0 != 0 }
  }

  /// Why a zone that counts leap seconds is refused, and what to name instead.
  static func leapSecondsReason(plainID: String?) -> String {
    "counts leap seconds (a right/ zone), which the dates of task lists do not; "
      + (plainID.map { "name the zone without right/, such as \($0)" } ?? "name the zone by its ID, such as Asia/Tokyo")
  }

  /// The ID of a path inside the zoneinfo tree (`TZDIR`, or the system's
  /// own when `TZDIR` names another), `posix/` read as the plain zone (the
  /// same file); `right/` is kept, for ``leapSecondZone(_:)``; nil outside.
  static func treeID(of path: String, in data: SystemTimeZoneData) -> String? {
    let trees = [data.resolvedDirectory, SystemTimeZoneData.named(by: [:]).resolvedDirectory].compactMap { $0 }
    for tree in trees where path.hasPrefix(tree + "/") {
      let id = String(path.dropFirst(tree.count + 1))
      return id.hasPrefix("posix/") ? String(id.dropFirst("posix/".count)) : id
    }
    return nil
  }

  /// The zone whose file in the tree has exactly `bytes`: a zone whose ID
  /// ends the path (`…/Europe/Amsterdam`) first, then a zone before a
  /// link, then the first by name.
  static func sameBytes(_ bytes: [UInt8], path: String, in data: SystemTimeZoneData) -> String? {
    let names = data.names
    var matches: [String] = []
    for id in names.names where SystemTimeZoneData.isSafeID(id) {
      var info = stat()
      let file = data.directory + "/" + id
      guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count,
        (try? ZoneFileContents.read(file, maximumSize: SystemTimeZoneData.maximumFileSize)) == bytes
      else { continue }
      matches.append(id)
    }
    return matches.min { a, b in
      func rank(_ id: String) -> (Int, Int, String) {
        (path.hasSuffix("/" + id) ? 0 : 1, names.linkTargets[id] == nil ? 0 : 1, id)
      }
      return rank(a) < rank(b)
    }
  }
}
