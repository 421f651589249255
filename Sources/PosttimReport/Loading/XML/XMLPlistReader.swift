import CExpat
import FoundationEssentials
import Glibc

/// Reads an XML property list (Apple's PropertyList-1.0 DTD) as a stream
/// of expat events, validating each task as its dictionary closes: no
/// tree of the whole file is ever built, and the file can be fed in chunks.
///
/// - Encodings: whatever the XML declaration or byte order mark names among
///   expat's built-in ones, UTF-8, UTF-16 (either order, with or without a
///   byte order mark), ISO-8859-1 and US-ASCII; any other is refused by name.
/// - Refused: a DTD internal subset, entity declarations and references to
///   undeclared entities (nothing is expanded, nothing external is read);
///   elements outside the DTD, text between elements, a key without a value;
///   a `<date>` that is not a real `YYYY-MM-DDTHH:MM:SSZ`; nesting deeper
///   than ``TaskListDecoder/depthLimit``; a key given twice in a dictionary.
final class XMLPlistReader {
  enum Element: UInt8, CaseIterable {
    case plist, array, dict, key, string, integer, real, date, data, yes, no

    /// The element named by expat's NUL-terminated UTF-8 name.
    init?(_ name: UnsafePointer<CChar>) {
      // By first byte and length: this runs for every tag.
      let length = strlen(name)
      let element: Element
      switch (UInt8(bitPattern: name[0]), length) {
      case (UInt8(ascii: "k"), 3): element = .key
      case (UInt8(ascii: "s"), 6): element = .string
      case (UInt8(ascii: "d"), 4):
        element = name[1] != CChar(UInt8(ascii: "a")) ? .dict : name[3] == CChar(UInt8(ascii: "e")) ? .date : .data
      case (UInt8(ascii: "i"), 7): element = .integer
      case (UInt8(ascii: "a"), 5): element = .array
      case (UInt8(ascii: "r"), 4): element = .real
      case (UInt8(ascii: "t"), 4): element = .yes
      case (UInt8(ascii: "f"), 5): element = .no
      case (UInt8(ascii: "p"), 5): element = .plist
      default: return nil
      }
      guard strcmp(name, element.cName) == 0 else { return nil }
      self = element
    }

    /// The name as a C string, compared without bridging a String per tag.
    var cName: UnsafePointer<CChar> {
      let name: StaticString
      switch self {
      case .plist: name = "plist"
      case .array: name = "array"
      case .dict: name = "dict"
      case .key: name = "key"
      case .string: name = "string"
      case .integer: name = "integer"
      case .real: name = "real"
      case .date: name = "date"
      case .data: name = "data"
      case .yes: name = "true"
      case .no: name = "false"
      }
      return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    var name: String { String(cString: cName) }

    /// "a string", "an integer"…, as ``PropertyListValue/typeName``.
    var typeName: String {
      switch self {
      case .plist: return "a plist element"
      case .array: return "an array"
      case .dict: return "a dictionary"
      case .key: return "a key"
      case .string: return "a string"
      case .integer: return "an integer"
      case .real: return "a real number"
      case .date: return "a date"
      case .data: return "data"
      case .yes, .no: return "a boolean"
      }
    }
  }

  /// An array or dictionary inside a task's value.
  struct Container {
    let isDictionary: Bool
    var items: [PropertyListValue] = []
    var entries: [String: PropertyListValue] = [:]
    var key: String?
  }

  let file: String
  private var parser: XML_Parser!
  // The state is only touched from expat's callbacks, one at a time:
  // dynamic exclusivity checks on it cost a fifth of the reading time.
  @exclusivity(unchecked) private(set) var tasks: [TaskEntry] = []
  @exclusivity(unchecked) private var failure: TaskListError?
  /// Set with ``failure``: a Bool is cheaper to test on every event.
  @exclusivity(unchecked) private var failed = false
  @exclusivity(unchecked) private var unknownEncoding: String?

  @exclusivity(unchecked) private var plistOpen = false, plistSeen = false, plistHasValue = false, rootOpen = false
  @exclusivity(unchecked) private var entry = 0
  @exclusivity(unchecked) private var task: TaskEntryBuilder?
  @exclusivity(unchecked) private var taskKey: String?
  @exclusivity(unchecked) private var containers: [Container] = []
  @exclusivity(unchecked) private var depth = 0
  @exclusivity(unchecked) private var text: Element?
  /// The current value's text is the first `textCount` bytes of
  /// `textStorage`, which only grows: emptying and appending to an array
  /// for each of a task's eight texts cost 4% of the reading.
  @exclusivity(unchecked) private var textStorage: [UInt8] = []
  @exclusivity(unchecked) private var textCount = 0
  @exclusivity(unchecked) private var textLine = 0

  init(file: String) {
    self.file = file
    parser = XML_ParserCreate(nil)
    XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
    XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)
    XML_SetElementHandler(
      parser,
      { user, name, _ in XMLPlistReader.from(user).start(name!) },
      { user, name in XMLPlistReader.from(user).end(name!) })
    XML_SetCharacterDataHandler(parser) { user, bytes, count in
      XMLPlistReader.from(user).characters(UnsafeRawPointer(bytes!).assumingMemoryBound(to: UInt8.self), Int(count))
    }
    XML_SetStartDoctypeDeclHandler(parser) { user, _, _, _, internalSubset in
      guard internalSubset != 0 else { return }
      XMLPlistReader.from(user).fail(.unreadable, "has a DTD internal subset; not read, so no entity is ever expanded")
    }
    XML_SetEntityDeclHandler(parser) { user, _, _, _, _, _, _, _, _ in
      XMLPlistReader.from(user).fail(.unreadable, "declares an entity; entities are not read")
    }
    XML_SetSkippedEntityHandler(parser) { user, name, _ in
      let reader = XMLPlistReader.from(user)
      reader.fail(.unreadable, "uses the undeclared entity &\(TaskListError.printable(String(cString: name!)));")
    }
    XML_SetUnknownEncodingHandler(
      parser,
      { user, name, _ in
        XMLPlistReader.from(user).unknownEncoding = String(cString: name!)
        return Int32(XML_STATUS_ERROR.rawValue)
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit { XML_ParserFree(parser) }

  private static func from(_ user: UnsafeMutableRawPointer?) -> XMLPlistReader {
    Unmanaged<XMLPlistReader>.fromOpaque(user!).takeUnretainedValue()
  }

  // MARK: Feeding

  /// Parses the next chunk of the file (`final` for the last one, which may
  /// be empty).
  /// - Throws: the first ``TaskListError`` met.
  func parse(_ bytes: UnsafeRawBufferPointer, final: Bool) throws(TaskListError) {
    let status = XML_Parse(
      parser, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), final ? 1 : 0)
    try check(status, final: final)
  }

  /// Reads `descriptor` to its end in 256 KiB chunks straight into expat's
  /// buffer, so the file is never held whole. Past `limit` bytes in all
  /// (`alreadyRead` of them fed before) it stops: a file that keeps growing
  /// or an endless stream is refused, not read forever; a stream's next
  /// chunk must pass `memory` first.
  func parse(descriptor: Int32, limit: Int, alreadyRead: Int = 0, memory: StreamMemoryGuard? = nil)
    throws(TaskListError)
  {
    let chunk: Int32 = 1 << 18
    var total = alreadyRead
    while true {
      try memory?.check(total: total - spacingBytes + Int(chunk), undecoded: Int(chunk), file: file)
      guard let buffer = XML_GetBuffer(parser, chunk) else {
        throw TaskListError(.systemLimit, file: file, message: "cannot be read (out of memory)")
      }
      let count = read(descriptor, buffer, Int(chunk))
      if count < 0 {
        if errno == EINTR { continue }
        throw TaskListError.unreadable(file, errno: errno)
      }
      total += count
      guard total <= limit else { throw TaskListError.tooLarge(file, limit: limit) }
      try check(XML_ParseBuffer(parser, Int32(count), count == 0 ? 1 : 0), final: count == 0)
      if count == 0 { return }
    }
  }

  /// White space between elements read so far: nothing of it is kept, so a
  /// stream's memory check does not count it.
  private(set) var spacingBytes = 0

  /// Whether an event was refused (the first failure is kept).
  var hasFailed: Bool { failed }
  /// Whether character data now is a value's text (a `<key>`, `<string>`, …);
  /// outside one only white space is allowed, and ignored.
  var isInText: Bool { text != nil }

  /// Whether the document was whole: a `<plist>` that closed, holding a value.
  var isComplete: Bool { plistHasValue && !plistOpen }

  private func check(_ status: XML_Status, final: Bool) throws(TaskListError) {
    if let failure { throw failure }
    guard status == XML_STATUS_OK else { throw expatError() }
    if final, !plistHasValue || plistOpen {
      throw TaskListError(.unreadable, file: file, message: "not a property list (<plist> holds no value)")
    }
  }

  /// Expat's error, in words that say what was wrong and where.
  private func expatError() -> TaskListError {
    let code = XML_GetErrorCode(parser)
    let line = XML_GetCurrentLineNumber(parser), column = XML_GetCurrentColumnNumber(parser) + 1
    var reason = String(cString: XML_ErrorString(code))
    switch code {
    case XML_ERROR_INCORRECT_ENCODING:
      var offset: Int32 = 0, size: Int32 = 0
      let context = XML_GetInputContext(parser, &offset, &size)
      let start = context.map { UnsafeRawBufferPointer(start: $0, count: Int(max(0, size))) }
      return TaskListError(
        .unreadable, file: file, message: Self.encodingMismatch(start ?? UnsafeRawBufferPointer(start: nil, count: 0)))
    case XML_ERROR_UNKNOWN_ENCODING:
      let name = unknownEncoding.map { "\"\(TaskListError.printable($0))\"" } ?? "it declares"
      return Self.encodingNotRead(name, file: file)
    case XML_ERROR_INVALID_TOKEN:
      var offset: Int32 = 0, size: Int32 = 0
      if let context = XML_GetInputContext(parser, &offset, &size), offset < size,
        case let byte = UInt8(bitPattern: context[Int(offset)]),
        byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
      {
        reason =
          "the control character \(PaddedDigits.codePoint(UInt32(byte))) is not allowed in XML"
      } else if let context = XML_GetInputContext(parser, &offset, &size), offset < size,
        UInt8(bitPattern: context[Int(offset)]) >= 0x80
      {
        let bytes = UnsafeRawBufferPointer(start: context + Int(offset), count: Int(min(4, size - offset)))
        reason = Self.describeToken(bytes.bindMemory(to: UInt8.self))
      }
    case XML_ERROR_PARTIAL_CHAR:
      reason = "the file ends inside a character (invalid UTF-8)"
    case XML_ERROR_NO_ELEMENTS:
      reason = "the document ends before its root element closes"
    default: break
    }
    return TaskListError(
      .unreadable, file: file, message: "not a property list (line \(line), column \(column): \(reason))")
  }

  /// A list in an encoding expat does not read; `name` as said (quoted).
  static func encodingNotRead(_ name: String, file: String) -> TaskListError {
    TaskListError(
      .unreadable, file: file,
      message: "is in an encoding this tool does not read (\(name); it reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII)")
  }

  /// Why a non-ASCII character is no token: bytes that are no UTF-8
  /// sequence, or a character XML does not allow there (NEL in a name).
  static func describeToken(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) {
      return "the character \(PaddedDigits.codePoint(scalar.value)) is not allowed here"
    }
    return "invalid UTF-8 (byte 0x\(String(bytes[0], radix: 16, uppercase: true)))"
  }

  // MARK: Events

  private func fail(_ error: TaskListError) {
    guard !failed else { return }
    failure = error
    failed = true
    XML_StopParser(parser, 0)
  }

  /// A problem with the document's structure, at the current line.
  private func fail(_ kind: TaskListError.Kind, _ reason: String) {
    let line = XML_GetCurrentLineNumber(parser), column = XML_GetCurrentColumnNumber(parser) + 1
    fail(TaskListError(kind, file: file, message: "not a property list (line \(line), column \(column): \(reason))"))
  }

  /// A problem with one value of the current entry.
  private func failValue(_ message: String) {
    fail(TaskListError(.invalid, file: file, entry: task == nil ? nil : entry, key: taskKey, message: message))
  }

  private func start(_ name: UnsafePointer<CChar>) {
    guard !failed else { return }
    if let text {
      return fail(.unreadable, "an element <\(Self.printable(name))> inside <\(text.name)>")
    }
    guard let element = Element(name) else {
      return fail(.unreadable, "<\(Self.printable(name))> is no property list element")
    }
    start(element)
  }

  /// A start tag of a known element (from expat, or from ``PlistXMLScanner``).
  func start(_ element: Element) {
    guard !failed else { return }
    if let text { return fail(.unreadable, "an element <\(element.name)> inside <\(text.name)>") }
    if element == .plist {
      guard !plistSeen else { return fail(.unreadable, "<plist> inside <plist>") }
      plistSeen = true
      plistOpen = true
      return
    }
    if !containers.isEmpty {
      let top = containers[containers.count - 1]
      if element == .key {
        guard top.isDictionary, top.key == nil else { return fail(.unreadable, "a <key> where a value belongs") }
        return startText(.key)
      }
      guard !top.isDictionary || top.key != nil else { return fail(.unreadable, "a value without a <key>") }
    } else if task != nil {
      if element == .key {
        guard taskKey == nil else { return fail(.unreadable, "a <key> where a value belongs") }
        return startText(.key)
      }
      guard taskKey != nil else { return fail(.unreadable, "a value without a <key>") }
    } else if rootOpen {
      entry += 1
      guard element == .dict else {
        return fail(
          TaskListError(.invalid, file: file, entry: entry, message: "must be a dictionary, got \(element.typeName)"))
      }
      task = TaskEntryBuilder(file: file, entry: entry)
      depth = 2
      return
    } else if plistOpen {
      guard !plistHasValue else { return fail(.unreadable, "<plist> holds more than one value") }
      plistHasValue = true
      guard element == .array else {
        return fail(
          TaskListError(
            .invalid, file: file, message: "the root must be an array of task dictionaries, got \(element.typeName)"))
      }
      rootOpen = true
      depth = 1
      return
    } else {
      return fail(.unreadable, "the root element must be <plist>, got <\(element.name)>")
    }
    switch element {
    case .array, .dict:
      depth += 1
      guard depth <= TaskListDecoder.depthLimit else {
        return fail(TaskListError(.invalid, file: file, message: TaskListDecoder.tooDeepMessage))
      }
      containers.append(Container(isDictionary: element == .dict))
    default: startText(element)
    }
  }

  private func startText(_ element: Element) {
    text = element
    textCount = 0
    // Where a refused value is: said for the values whose text is parsed.
    if element == .date || element == .integer || element == .real {
      textLine = Int(XML_GetCurrentLineNumber(parser))
    }
  }

  /// Character data, already decoded (entities and character references replaced).
  func characters(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
    guard !failed else { return }
    let chunk = UnsafeBufferPointer(start: bytes, count: count)
    if text != nil {
      guard count > 0 else { return }
      let end = textCount + count
      if end > textStorage.count { textStorage.append(contentsOf: repeatElement(0, count: end - textStorage.count)) }
      textStorage.withUnsafeMutableBufferPointer { storage in
        storage.baseAddress!.advanced(by: textCount).update(from: bytes, count: count)
      }
      textCount = end
    } else if chunk.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }) {
      let shown = String(decoding: chunk, as: UTF8.self).trimmingWhitespaceAndNewlines()
      fail(.unreadable, "text outside a value: \"\(TaskListError.printable(shown, limit: 30))\"")
    } else {
      spacingBytes &+= count
    }
  }

  /// The whole text of the value just started and its end tag, from
  /// ``PlistXMLScanner``: the same as ``characters(_:_:)`` then
  /// ``end(_:)``, read in place rather than copied first.
  func value(_ element: Element, _ bytes: UnsafePointer<UInt8>, _ count: Int) {
    guard !failed, let text, textCount == 0 else {
      characters(bytes, count)
      return end(element)
    }
    self.text = nil
    finishText(text, UnsafeBufferPointer(start: bytes, count: count))
  }

  private func end(_ name: UnsafePointer<CChar>) {
    // An unknown name never got here open: its start tag failed the read.
    guard let element = Element(name) else { return }
    end(element)
  }

  /// An end tag of a known element (from expat, or from ``PlistXMLScanner``).
  func end(_ element: Element) {
    guard !failed else { return }
    if let text {
      self.text = nil
      return textStorage.withUnsafeBufferPointer { finishText(text, UnsafeBufferPointer(rebasing: $0[..<textCount])) }
    }
    switch element {
    case .plist: plistOpen = false
    case .array, .dict:
      if let container = containers.popLast() {
        depth -= 1
        guard container.key == nil else { return fail(.unreadable, "a <key> without a value") }
        deliver(container.isDictionary ? .dictionary(container.entries) : .array(container.items))
      } else if task != nil {
        guard taskKey == nil else { return fail(.unreadable, "a <key> without a value") }
        do {
          // Taken, not copied: a copy retained the task's strings once more.
          var builder = task.take()!
          tasks.append(try builder.finish())
        } catch {
          return fail(error)
        }
        depth = 1
      } else {
        rootOpen = false
        depth = 0
      }
    default: break
    }
  }

  /// The value of `element` whose text is `textBytes`, delivered.
  private func finishText(_ element: Element, _ textBytes: UnsafeBufferPointer<UInt8>) {
    // A refused number's text, every character beyond printable ASCII
    // escaped: in a number each is the fault, and a no-break space shown as
    // it is reads as the space the reader accepts.
    var shownText: String {
      let text = String(decoding: textBytes, as: UTF8.self).unicodeScalars.map { scalar in
        (0x20..<0x7F).contains(scalar.value) ? String(scalar) : "\\u{" + String(scalar.value, radix: 16) + "}"
      }
      return TaskListError.printable(text.joined())
    }
    switch element {
    case .key:
      if containers.isEmpty {
        taskKey =
          TaskListDecoder.Key.known(textBytes) ?? String(decoding: textBytes, as: UTF8.self)
      } else {
        containers[containers.count - 1].key = String(decoding: textBytes, as: UTF8.self)
      }
    case .string: deliver(.string(String(decoding: textBytes, as: UTF8.self)))
    case .integer:
      switch PlistNumber.integer(Array(textBytes)) {
      case .value(let number): deliver(.integer(number))
      case .beyond64Bits(let number):
        if containers.isEmpty, taskKey == TaskListDecoder.Key.importance {
          return failValue("must be 1…9, got an integer beyond 64 bits")
        }
        deliver(.real(number))
      case nil:
        failValue(
          "holds an <integer> that is not a decimal or 0x hexadecimal number: \"\(shownText)\" (line \(textLine))")
      }
    case .real:
      guard let number = PlistNumber.real(Array(textBytes)) else {
        return failValue("holds a <real> that is not a decimal number: \"\(shownText)\" (line \(textLine))")
      }
      if containers.isEmpty, taskKey == TaskListDecoder.Key.importance {
        // Checked here, where the file's text is known, so a refusal quotes it.
        do {
          _ = try TaskEntryBuilder.importance(.real(number), written: shownText) { message in
            TaskListError(.invalid, file: file, entry: entry, key: taskKey, message: message)
          }
        } catch {
          return fail(error)
        }
      }
      deliver(.real(number))
    case .date:
      guard let seconds = PlistDate.seconds(textBytes) else {
        return failValue("must be a UTC date YYYY-MM-DDTHH:MM:SSZ, got \"\(shownText)\" (line \(textLine))")
      }
      deliver(.date(Date(timeIntervalSince1970: Double(seconds))))
    case .data:
      guard let data = PlistBase64.decode(Array(textBytes)) else { return failValue("holds <data> that is not Base64") }
      deliver(.data(data))
    case .yes, .no:
      guard textBytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) else {
        return fail(.unreadable, "text inside <\(element.name)/>")
      }
      deliver(.bool(element == .yes))
    case .plist, .array, .dict: break
    }
  }

  /// Hands a finished value to the container, or the task, it belongs to.
  private func deliver(_ value: PropertyListValue) {
    if containers.isEmpty {
      guard let key = taskKey else { return }
      taskKey = nil
      do {
        try task?.add(key, value)
      } catch {
        fail(error)
      }
      return
    }
    let index = containers.count - 1
    if containers[index].isDictionary {
      let key = containers[index].key!
      containers[index].key = nil
      guard containers[index].entries.updateValue(value, forKey: key) == nil else {
        return failValue("holds a dictionary with the key \"\(TaskListError.printable(key))\" twice (duplicate key)")
      }
    } else {
      containers[index].items.append(value)
    }
  }

  private static func printable(_ name: UnsafePointer<CChar>) -> String {
    TaskListError.printable(String(cString: name), limit: 30)
  }
}
