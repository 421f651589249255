import FoundationEssentials
import Glibc
import CICUShim

/// Versions of the system ICU and its data, for `--version` and for
/// golden tests that are only valid for one ICU.
public enum ICUVersions {
  /// The ICU library version, e.g. "72.1".
  public static var icu: String {
    (try? withASCIIResult("u_getVersion") { out, capacity, _ in
      cicu_icu_version(out, capacity)
      return Int32(strlen(out))
    }) ?? "?"
  }

  /// The CLDR version of ICU's locale data, e.g. "42.0".
  public static var cldr: String {
    (try? withASCIIResult("ulocdata_getCLDRVersion") { out, capacity, status in
      cicu_cldr_version(out, capacity, &status)
      return status > 0 ? 0 : Int32(strlen(out))
    }) ?? "?"
  }

  /// The time zone database version ICU uses, e.g. "2022e".
  public static var timeZoneData: String {
    (try? withASCIIResult("ucal_getTZDataVersion") { out, capacity, status in
      cicu_tzdata_version(out, capacity, &status)
      return status > 0 ? 0 : Int32(strlen(out))
    }) ?? "?"
  }
}
