import Foundation
import Testing
import TestSupport

/// The memory check counts the parts an e-mail holds whole: with
/// `--details` its HTML part holds every task's details in every locale.
/// Under a limit the estimate without them passed (ulimit -v 370000 and
/// 390000), a 20,000-task, three-locale e-mail with `--details` died with
/// "failed to allocate" (134) and left its temporary file; it is now
/// refused up front.
@Suite(
  "E-mail parts in the memory estimate",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct EmailPartsMemoryEstimateTests {
  @Test("a three-locale e-mail with --details of 20,000 tasks under ulimit -v 370000 and 390000: 71 up front")
  func detailsInThreeLocales() throws {
    try RenderingMemoryEstimateTests.expectRefusedUpFront(
      list: Self.variedList(20_000), options: ["--details"], limits: [370_000, 390_000])
  }

  /// `count` tasks like the benchmarks' lists: titles with markup to
  /// escape, times spread over 60 days, a sentence of details each (5 MB
  /// for 20,000).
  static func variedList(_ count: Int) -> String {
    let titles = [
      "Réunion d'équipe", "Remettre le TP #3", "Appeler le dentiste", "Préparer l'examen «final»",
      "Acheter du pain &amp; du lait", "Réviser &lt;chapitre 11&gt;", "Payer la facture | Hydro",
      "Rendez-vous, médecin", "Souper 🎂 chez Mamie", "=SOMME(A1:A3)",
    ]
    let start = Date(timeIntervalSince1970: 1_793_491_200)  // 2026-11-01T00:00:00Z
    let format = ISO8601DateFormatter()
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><array>\n"
    for index in 0..<count {
      let date = format.string(from: start.addingTimeInterval(Double(index * 7_919 % (60 * 24 * 60)) * 60))
      text +=
        "<dict><key>tache</key><string>\(titles[index % 10]) \(index)</string><key>date</key><date>\(date)</date>"
        + "<key>importance</key><string>\(1 + index * 5 % 9)</string><key>description</key>"
        + "<string>Détail de la tâche \(index) — à faire avant la date.</string></dict>\n"
    }
    return text + "</array></plist>\n"
  }
}
