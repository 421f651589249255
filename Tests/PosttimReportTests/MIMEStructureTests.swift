import PosttimReport
import Testing

/// The message body is a tree of MIME entities, so an attachment next to
/// the report is one more level, each multipart with its own boundary.
@Suite("MIME structure")
struct MIMEStructureTests {
  let headers = [HeaderField(name: "Subject", words: ["Agenda"])]

  @Test("the report: one multipart/alternative, plain text then HTML")
  func alternative() {
    let message = MIMEMessage(
      headers: headers, parts: [.init(subtype: "plain", text: "a"), .init(subtype: "html", text: "<p>a</p>")])
    #expect(
      message.rendered(boundary: "=_posttim_1")
        == "Subject: Agenda\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"=_posttim_1\"\r\n\r\n"
        + "--=_posttim_1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\na\r\n"
        + "--=_posttim_1\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n<p>a</p>\r\n"
        + "--=_posttim_1--\r\n")
  }

  @Test("an attachment: multipart/mixed around the alternative, boundaries that are no prefix of each other")
  func mixed() {
    let report = MIMEMessage.Entity.alternative([.text("plain", "a"), .text("html", "<p>a</p>")])
    let message = MIMEMessage(
      headers: headers, body: .multipart(subtype: "mixed", [report, .text("calendar", "BEGIN:VCALENDAR")]))
    let text = message.rendered(boundary: "=_posttim_1")
    #expect(
      text
        == "Subject: Agenda\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"=_posttim_1\"\r\n\r\n"
        + "--=_posttim_1\r\nContent-Type: multipart/alternative; boundary=\"=_1posttim_1\"\r\n\r\n"
        + "--=_1posttim_1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\na\r\n"
        + "--=_1posttim_1\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n<p>a</p>\r\n"
        + "--=_1posttim_1--\r\n"
        + "--=_posttim_1\r\nContent-Type: text/calendar; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
        + "BEGIN:VCALENDAR\r\n--=_posttim_1--\r\n")
    #expect(message.parts.map(\.subtype) == ["plain", "html", "calendar"])
  }

  @Test("a calendar attachment: method before charset, its name in the type and in Content-Disposition")
  func calendarAttachment() {
    let part = MIMEMessage.Part(
      subtype: "calendar", text: "BEGIN:VCALENDAR", parameters: ["method=PUBLISH"], fileName: "agenda.ics")
    let text = MIMEMessage(headers: headers, body: .part(part)).rendered(boundary: "=_posttim_1")
    #expect(
      text
        == "Subject: Agenda\r\nMIME-Version: 1.0\r\n"
        + "Content-Type: text/calendar; method=PUBLISH; charset=utf-8; name=\"agenda.ics\"\r\n"
        + "Content-Transfer-Encoding: quoted-printable\r\n"
        + "Content-Disposition: attachment; filename=\"agenda.ics\"\r\n\r\nBEGIN:VCALENDAR")
  }
}
