import Foundation
import PosttimReport

/// Small task lists written by hand in a test, and what decoding them gives.
protocol DecodesSampleLists {}

extension DecodesSampleLists {
  var decoder: TaskListDecoder { TaskListDecoder() }

  /// The error decoding `data` gives, or nil when it decodes.
  func error(_ data: Data, file: String = "x.plist") -> TaskListError? {
    do {
      _ = try decoder.decode(data, file: file)
      return nil
    } catch {
      return error
    }
  }

  /// The app's XML around the contents of one task dictionary (after its
  /// title, date and importance 5).
  func xmlTask(_ fields: String, encoding: String = "UTF-8") -> String {
    "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<plist version=\"1.0\"><array><dict>"
      + "<key>tache</key><string>t</string><key>date</key><date>2026-12-01T00:00:00Z</date>"
      + "<key>importance</key><string>5</string>\(fields)</dict></array></plist>"
  }
}
