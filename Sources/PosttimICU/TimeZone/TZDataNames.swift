/// The zone and link names of a tz database, from its `tzdata.zi` (tz's
/// compact source, which Debian's tzdata installs beside the TZif files):
/// `Z America/Toronto …` names a zone, `L America/Toronto
/// America/Montreal` a link and its target.
///
/// Used to tell a broken zone file from a file that is no zone, and to
/// suggest a zone for a mistyped one (`Montreal`: America/Montreal, a link
/// to America/Toronto).
public struct TZDataNames: Sendable {
  /// Zone and link names, in the file's order.
  public let names: [String]
  /// Each link's target, by link name.
  public let linkTargets: [String: String]
  private let all: Set<String>

  /// Reads `<directory>/tzdata.zi`; no names when it is missing or unreadable.
  init(directory: String) {
    let bytes = (try? ZoneFileContents.read(directory + "/tzdata.zi", maximumSize: 4 << 20)) ?? []
    self.init(text: String(decoding: bytes, as: UTF8.self))
  }

  init(text: String) {
    var names: [String] = []
    var links: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      switch fields.first {
      case "Z" where fields.count > 1:
        names.append(String(fields[1]))
      case "L" where fields.count > 2:
        names.append(String(fields[2]))
        links[String(fields[2])] = String(fields[1])
      default:
        break
      }
    }
    self.names = names
    self.linkTargets = links
    self.all = Set(names)
  }

  /// Whether `name` is a zone or a link of the database.
  public func contains(_ name: String) -> Bool { all.contains(name) }
}
