import FoundationEssentials
import PosttimICU
import PosttimParallel
import Synchronization

/// Reads a binary property list (Apple's `bplist00`: a header, objects, an
/// offset table and a 32-byte trailer, as CoreFoundation's
/// CFBinaryPList.c lays it out) straight from its bytes into tasks.
///
/// Objects may be referenced from many places, so the file is a graph, not
/// a tree. A string is remembered once met a second time, an array or a
/// dictionary and a large string or data when first met, so none is
/// decoded more than twice (shared references share the value; a task
/// dictionary is validated at its first two meetings and copied from its
/// third; a long list's parts each decode the small ones they use, and
/// share the large strings and data), cycles are refused, and the nesting
/// limit is checked with each object's remembered height. What the tasks
/// would expand to when written out is bounded by ``budget(forFileSize:)``:
/// past it the file is refused instead of amplifying a small file into
/// gigabytes downstream.
struct BinaryPlistReader: Sendable {
  /// The largest expanded size accepted, in cost units: 64 units per byte
  /// of the file plus 16 Mi. Each object costs 16 units plus its payload's
  /// bytes (a string's stored bytes, data's length) and, for an array or a
  /// dictionary, the cost of everything it references, counted once per
  /// reference. Without shared references an object's cost is at most 16
  /// units plus its bytes for its one reference, so a list has to share
  /// objects heavily to get near the budget.
  static func budget(forFileSize size: Int) -> Int {
    size.multipliedReportingOverflow(by: 64).partialValue + (16 << 20)
  }

  /// The bytes being read, shared by the readers of the parts.
  ///
  /// Sendable notes: the caller keeps them alive and unchanged while any
  /// reader runs (a private read-only mapping of the file, or a `Data`'s
  /// storage inside `withUnsafeBytes`), and readers only read them.
  struct InputBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
  }

  /// Why an object could not be read, before the entry and key are known.
  enum Problem: Error {
    /// The file's structure is broken: refused as not a binary plist.
    case malformed(String)
    /// A readable value that no task list may hold (`.invalid`).
    case value(String)
    case tooDeep
    case overBudget
  }

  /// The file's bytes.
  var bytes: UnsafeBufferPointer<UInt8> { input.bytes }
  private let input: InputBytes
  private(set) var file: String
  /// Called every 8,192 tasks when the bytes are a mapped file: it drops
  /// the pages read so far (they fault back in if needed; past
  /// ``CutProofMapping/residentMaximum`` only), so a large file
  /// does not stay resident beside the tasks made from it.
  var releasePages: (@Sendable () -> Void)?
  private let offsetSize: Int, referenceSize: Int, objectCount: Int, top: Int, tableOffset: Int
  private let budget: Int
  /// The objects this reader has met (``ObjectMarks``): one met again is
  /// shared. Found while reading, where a first pass over the whole file
  /// counted the references to each object (a fifth of reading a
  /// 100,000-task list, each object header a cache miss read twice).
  private var met: ObjectMarks
  /// The arrays and dictionaries being decoded, outermost first (at most
  /// ``TaskListDecoder/depthLimit``): one met again is a cycle.
  private var visiting: [Int] = []
  /// Decoded objects kept for their next meeting (see the type's
  /// comment: strings from their second, containers and large payloads
  /// from their first), once per part.
  private var memo = ObjectMemo<Decoded>()
  /// The first shared dictionary keys met (at most 8), by object index,
  /// with their cost and field: found by a look at a few entries, where
  /// the memo hashed the index and copied the value out, for every key of
  /// every task.
  private var firstSharedKeys: [(index: Int, name: String, cost: Int, field: TaskEntryBuilder.Field)] = []
  /// What the parts of one list share, when this reader reads one of them.
  private var partsShared: PartsShared?

  /// What the readers of one list's parts share: the cost of all of them
  /// so far (a part stops once it passes the budget, where one core
  /// would), whether one failed (the others stop: one core reads the list
  /// again), and the large shared strings and data decoded so far, one
  /// copy for all parts, as one core keeps.
  final class PartsShared: Sendable {
    let total = Atomic<Int>(0)
    let failed = Atomic<Bool>(false)
    let large = Mutex<[Int: Decoded]>([:])
  }

  /// Payloads from this many bytes are kept in ``PartsShared/large``.
  static let largePayload = 4_096

  /// `a + b` for costs (not negative), `Int.max` past it.
  static func adding(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  /// A decoded object: its value, its cost (see ``budget(forFileSize:)``)
  /// and its height (levels of arrays and dictionaries, 0 for a scalar).
  struct Decoded: Sendable {
    let value: PropertyListValue
    let cost: Int
    let height: Int
  }

  /// - Throws: ``TaskListError`` (`.unreadable`) when the header or trailer is
  ///   not bplist00's.
  init(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(TaskListError) {
    input = InputBytes(bytes: bytes)
    self.file = file
    func malformed(_ reason: String) -> TaskListError {
      TaskListError(.unreadable, file: file, message: "not a valid binary property list (\(reason))")
    }
    guard bytes.count >= 40 else { throw malformed("shorter than a trailer") }
    // "bplist0" and any minor version, as CoreFoundation checks it.
    guard bytes.starts(with: "bplist0".utf8) else { throw malformed("not version 0x") }
    let trailer = bytes.count - 32
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    func word(_ at: Int) -> Int? {
      var value: UInt64 = 0
      for i in 0..<8 { value = value << 8 | UInt64(bytes[at + i]) }
      return value <= UInt64(Int.max) ? Int(value) : nil
    }
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), let count = word(trailer + 8),
      let top = word(trailer + 16), let table = word(trailer + 24), table >= 8, table <= trailer, count >= 1,
      count <= (trailer - table) / offsetSize, top < count
    else { throw malformed("bad trailer") }
    objectCount = count
    self.top = top
    tableOffset = table
    budget = Self.budget(forFileSize: bytes.count)
    met = ObjectMarks(count: count)
  }

  // MARK: Tasks

  /// The tasks, in file order.
  /// - Throws: ``TaskListError`` naming the file, and the entry and key
  ///   for a bad value.
  mutating func tasks() throws(TaskListError) -> [TaskEntry] {
    let root: Object
    do {
      root = try object(top)
    } catch {
      throw describe(error, entry: nil, key: nil)
    }
    guard root.kind == 0xA else {
      throw TaskListError(
        .invalid, file: file, message: "the root must be an array of task dictionaries, got \(root.typeName)")
    }
    if root.count >= Self.splitMinimum, Parallel.width > 1,
      let tasks = tasksInParts(of: root, bounds: Self.partBounds(entries: root.count))
    {
      return tasks
    }
    var total = 16
    return try tasks(of: root, positions: 0..<root.count, total: &total)
  }

  /// Lists shorter than this are read on one core (about 2 MB of file).
  static let splitMinimum = 8_192

  /// Where the parts of a root array of `count` entries start, then
  /// `count`: each part a `1 / (2 × cores)` share of the entries left, none
  /// shorter than ``partMinimum`` (the last takes what is left), at least
  /// two parts. Parts are claimed by whichever core is free
  /// (``Parallel/map(_:_:)``), so the cores finish within the last part of
  /// each other: the parts shrink as the list runs out, and the last is
  /// short (equal parts of 6,250 tasks left a core waiting up to 10 ms at
  /// the end of a 100,000-task list).
  static func partBounds(entries count: Int, cores: Int = Parallel.width) -> [Int] {
    var bounds = [0]
    var start = 0
    while count - start >= 2 * partMinimum {
      start += max(partMinimum, (count - start) / (2 * cores))
      if count - start < partMinimum { break }
      bounds.append(start)
    }
    if bounds.count == 1 { bounds.append(count / 2) }
    return bounds + [count]
  }

  /// The shortest part ``partBounds(entries:)`` makes.
  static let partMinimum = 1_024

  /// The tasks read in `parts` parts at once, each part by its own copy of
  /// this reader (its own remembered objects and cycle marks), or nil when
  /// any part fails or all together pass the budget: the caller then
  /// reads the list on one core, which finds the same error and reports it
  /// where it occurs. A success is the one-core result: entries are
  /// numbered by their position in the root array either way, and an
  /// object shared by two parts is decoded in each to the same value
  /// (a large string or data once for all, ``PartsShared``).
  func tasksInParts(_ parts: Int) -> [TaskEntry]? {
    guard let root = try? object(top), root.kind == 0xA else { return nil }
    let parts = max(1, min(parts, root.count))
    return tasksInParts(of: root, bounds: (0...parts).map { root.count * $0 / parts })
  }

  /// The tasks read in parts, part `n` the entries `bounds[n]..<bounds[n + 1]`.
  private func tasksInParts(of root: Object, bounds: [Int]) -> [TaskEntry]? {
    let parts = bounds.count - 1
    let shared = PartsShared()
    var first = self
    first.partsShared = shared
    let start = first
    var succeeded = false
    // Every part writes into one array, each its own slice: joining arrays
    // held them all and the joined one at once, a long list's peak.
    let tasks = [TaskEntry](unsafeUninitializedCapacity: root.count) { buffer, count in
      nonisolated(unsafe) let buffer = buffer
      let totals = Parallel.map(parts) { part -> Int? in
        // Every part drops the pages read so far, as one core does: the
        // others read again (from the page cache) the few they still need.
        var reader = start
        reader.file = start.file.ownCopy
        reader.met = ObjectMarks(count: objectCount)
        var total = part == 0 ? 16 : 0
        let positions = bounds[part]..<bounds[part + 1]
        let slice = UnsafeMutableBufferPointer(rebasing: buffer[positions])
        guard (try? reader.tasks(of: root, positions: positions, into: slice, total: &total)) != nil else {
          shared.failed.store(true, ordering: .relaxed)
          return nil
        }
        return total
      }
      var sum = 0
      var withinBudget = true
      for total in totals {
        guard let total else { continue }
        let (added, overflow) = sum.addingReportingOverflow(total)
        sum = added
        if overflow || added > budget { withinBudget = false }
      }
      if withinBudget, totals.allSatisfy({ $0 != nil }) {
        count = root.count
        succeeded = true
        return
      }
      // A part that failed has left its slice uninitialized; the others
      // are let go.
      for part in 0..<parts where totals[part] != nil {
        _ = UnsafeMutableBufferPointer(rebasing: buffer[bounds[part]..<bounds[part + 1]]).deinitialize()
      }
      count = 0
    }
    return succeeded ? tasks : nil
  }

  /// The tasks of the root array's entries at `positions`; `total` holds
  /// the cost so far and receives the cost after them.
  private mutating func tasks(of root: Object, positions: Range<Int>, total: inout Int) throws(TaskListError)
    -> [TaskEntry]
  {
    try [TaskEntry](unsafeUninitializedCapacity: positions.count) { (buffer, count) throws(TaskListError) in
      try tasks(of: root, positions: positions, into: buffer, total: &total)
      count = positions.count
    }
  }

  /// The same into `buffer` (uninitialized, `positions.count` long); when
  /// it throws, `buffer` is left uninitialized.
  private mutating func tasks(
    of root: Object, positions: Range<Int>, into buffer: UnsafeMutableBufferPointer<TaskEntry>, total: inout Int
  ) throws(TaskListError) {
    var initialized = 0
    // A task dictionary met again: where its task is in `buffer`, and its
    // cost, so it is copied, not validated again (kept at its second
    // meeting: keeping every one at its first cost a table entry a task).
    var validated: [Int: (position: Int, cost: Int)] = [:]
    // The cost not yet added to the parts' total.
    var unpublished = 0
    do throws(TaskListError) {
      for position in positions {
        let entry = position + 1
        do {
          let index = try reference(root.start + position * referenceSize)
          let cost: Int
          let repeated = met.insert(index)
          if repeated, let known = validated[index] {
            var task = buffer[known.position]
            task.origin = TaskOrigin(file: file, entry: entry)
            (buffer.baseAddress! + initialized).initialize(to: task)
            cost = known.cost
          } else {
            let dictionary = try object(index)
            guard dictionary.kind == 0xD else {
              throw TaskListError(
                .invalid, file: file, entry: entry, message: "must be a dictionary, got \(dictionary.typeName)")
            }
            let (task, taskCost) = try self.task(dictionary, entry: entry)
            (buffer.baseAddress! + initialized).initialize(to: task)
            cost = taskCost
            if repeated { validated[index] = (initialized, taskCost) }
          }
          initialized += 1
          total = Self.adding(total, cost)
          if entry & 0x1FFF == 0 { releasePages?() }
          guard total <= budget else { throw Problem.overBudget }
          if let partsShared {
            // Another part failed, or all of them passed the budget: one
            // core reads the list again and reports where. Told every 1,024
            // tasks: an atomic add per task, from every core, is a write to
            // one cache line they share. (The parts' sum decides at the end.)
            unpublished = Self.adding(unpublished, cost)
            if entry & 0x3FF == 0 {
              guard !partsShared.failed.load(ordering: .relaxed),
                partsShared.total.wrappingAdd(unpublished, ordering: .relaxed).newValue <= budget
              else { throw Problem.overBudget }
              unpublished = 0
            }
          }
        } catch let error as TaskListError {
          throw error
        } catch let error as Problem {
          throw describe(error, entry: entry, key: nil)
        } catch {
          throw TaskListError(.unreadable, file: file, message: "not a valid binary property list")
        }
      }
    } catch {
      _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<initialized]).deinitialize()
      throw error
    }
  }

  /// The validated task of a dictionary, and its cost.
  private mutating func task(_ dictionary: Object, entry: Int) throws -> (TaskEntry, Int) {
    var builder = TaskEntryBuilder(file: file, entry: entry)
    var cost = 16
    for position in 0..<dictionary.count {
      var key: String?
      do {
        let (name, keyCost, field) = try keyName(try reference(dictionary.start + position * referenceSize))
        key = name
        let valueIndex = try reference(dictionary.start + (dictionary.count + position) * referenceSize)
        if field == .title || field == .details, let (text, textCost) = try freshText(valueIndex) {
          cost = Self.adding(cost, Self.adding(keyCost, textCost))
          try builder.add(name, text: text, as: field)
          continue
        }
        let decoded = try self.value(valueIndex, level: 3, importance: field == .importance)
        let value = decoded.value
        cost = Self.adding(cost, Self.adding(keyCost, decoded.cost))
        if case .date(let date) = value, !ISO8601.isSupported(date) {
          throw Problem.value("is out of range (years 0…9999)")
        }
        try builder.add(name, value, as: field)
      } catch let error as Problem {
        throw describe(error, entry: entry, key: key)
      }
    }
    return (try builder.finish(), cost)
  }

  /// A task dictionary's key (object `index`), its cost and its field.
  /// The first shared keys (met again) are kept (``firstSharedKeys``), as
  /// ``value(_:level:importance:)`` gives them: a string has no height,
  /// and no cycle runs through it.
  private mutating func keyName(_ index: Int) throws(Problem) -> (String, Int, TaskEntryBuilder.Field) {
    for known in firstSharedKeys where known.index == index { return (known.name, known.cost, known.field) }
    let repeated = met.contains(index)
    let decoded = try value(index, level: 3)
    guard case .string(let name) = decoded.value else { throw .malformed("a dictionary key that is not a string") }
    let field = TaskEntryBuilder.Field(name)
    if repeated, firstSharedKeys.count < 8 {
      firstSharedKeys.append((index, name, decoded.cost, field))
    }
    return (name, decoded.cost, field)
  }

  /// The text of string object `index` and its cost, when it is met for
  /// the first time and is not large: most tasks' title and description,
  /// handed to the task as a string, where a value (``Decoded``) was made,
  /// copied and let go around it. Nil, decoding nothing, for any other
  /// object, which ``value(_:level:importance:)`` decodes (as it would
  /// this one: the same text and cost).
  private mutating func freshText(_ index: Int) throws(Problem) -> (String, Int)? {
    guard !met.contains(index) else { return nil }
    let object = try self.object(index)
    guard object.kind == 0x5 || object.kind == 0x6, object.count < Self.largePayload else { return nil }
    _ = met.insert(index)
    return try text(object)
  }

  private func describe(_ problem: Problem, entry: Int?, key: String?) -> TaskListError {
    switch problem {
    case .malformed(let reason):
      return TaskListError(.unreadable, file: file, message: "not a valid binary property list (\(reason))")
    case .value(let message):
      return TaskListError(.invalid, file: file, entry: entry, key: key, message: message)
    case .tooDeep:
      return TaskListError(.invalid, file: file, message: TaskListDecoder.tooDeepMessage)
    case .overBudget:
      return TaskListError(
        .invalid, file: file,
        message: "expands through shared references to more than 64 times its size; not a task list this tool reads")
    }
  }

  // MARK: Objects

  /// An object's header: its kind (the marker's high nibble), low nibble,
  /// count (elements, bytes or UTF-16 units) and where its payload starts.
  struct Object {
    let marker: UInt8
    let count: Int
    let start: Int
    var kind: UInt8 { marker >> 4 }

    var typeName: String {
      switch kind {
      case 0x0: return marker == 0x08 || marker == 0x09 ? "a boolean" : "a null"
      case 0x1: return "an integer"
      case 0x2: return "a real number"
      case 0x3: return "a date"
      case 0x4: return "data"
      case 0x5, 0x6: return "a string"
      case 0x8: return "a UID"
      case 0xA: return "an array"
      case 0xC: return "a set"
      case 0xD: return "a dictionary"
      default: return "an unknown object"
      }
    }
  }

  /// A big-endian unsigned number of `size` bytes (1…8) inside the objects.
  /// Inlined, as ``reference(_:)``: a call per reference (8 a task) was
  /// a tenth of its cost.
  @inline(__always)
  private func number(at offset: Int, size: Int) throws(Problem) -> UInt64 {
    guard offset >= 0, offset <= tableOffset - size else { throw .malformed("a number past the objects") }
    return bigEndian(at: offset, size: size)
  }

  /// The big-endian number of `size` bytes (1…8) at `offset`, read as one
  /// word, where a loop took a dependent step per byte for every
  /// reference and table entry. The word may run past the number but not
  /// past the file: anything before the offset table has the table's
  /// first entry and the 32-byte trailer after it, a table entry the
  /// trailer.
  /// - Precondition: `offset + 8 <= bytes.count`, `size` in 1…8 (the
  ///   shift then needs no check for its range).
  @inline(__always)
  private func bigEndian(at offset: Int, size: Int) -> UInt64 {
    UInt64(bigEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
      &>> (64 &- 8 &* size)
  }

  @inline(__always)
  private func reference(_ offset: Int) throws(Problem) -> Int {
    let index = try number(at: offset, size: referenceSize)
    guard index < UInt64(objectCount) else { throw .malformed("a reference to object \(index) of \(objectCount)") }
    return Int(index)
  }

  /// The header of object `index`, its payload checked to fit before the
  /// offset table.
  private func object(_ index: Int) throws(Problem) -> Object {
    let offset = bigEndian(at: tableOffset + index * offsetSize, size: offsetSize)
    guard offset >= 8, offset < UInt64(tableOffset) else { throw .malformed("object \(index) does not fit the file") }
    let start = Int(offset)
    let marker = bytes[start]
    var position = start + 1
    var count = Int(marker & 0x0F)
    let kind = marker >> 4
    // Kinds 4, 5, 6, A, C and D give a count of 15 or more in the next object.
    if count == 0x0F, 0b0011_0100_0111_0000 >> kind & 1 != 0 {
      guard position < tableOffset, bytes[position] >> 4 == 0x1, bytes[position] & 0x0F <= 3 else {
        throw .malformed("object \(index) does not fit the file")
      }
      let size = 1 << Int(bytes[position] & 0x0F)
      let value = try number(at: position + 1, size: size)
      guard value <= UInt64(Int.max) else { throw .malformed("object \(index) does not fit the file") }
      count = Int(value)
      position += 1 + size
    }
    let room = tableOffset - position
    let fits: Bool
    switch kind {
    case 0x0: fits = true
    case 0x1: fits = count <= 4 && (1 << count) <= room
    case 0x2: fits = (count == 2 || count == 3) && (1 << count) <= room
    case 0x3: fits = marker == 0x33 && room >= 8
    case 0x4, 0x5: fits = count <= room
    case 0x6: fits = count <= room / 2
    case 0x8: fits = count + 1 <= room
    case 0xA, 0xC: fits = count <= room / referenceSize
    case 0xD: fits = count <= room / referenceSize / 2
    default: fits = false
    }
    guard fits else { throw .malformed("object \(index) does not fit the file") }
    return Object(marker: marker, count: count, start: position)
  }

  /// The value of object `index`, as a container at nesting `level` (the
  /// root array is level 1), remembered as the type's comment says.
  /// `importance` words an integer beyond 64 bits as that key's error.
  private mutating func value(_ index: Int, level: Int, importance: Bool = false) throws(Problem) -> Decoded {
    // Only objects met before are looked up: the others skip the table.
    let repeated = met.insert(index)
    if repeated, let known = memo[index] {
      guard level - 1 + known.height <= TaskListDecoder.depthLimit else { throw .tooDeep }
      return known
    }
    guard !visiting.contains(index) else { throw .malformed("object \(index) contains itself") }
    let object = try self.object(index)
    // A large string or data: one copy, however often it is met (not
    // known to be shared when first met), and decoded once for all parts
    // (several may reach it, through a task dictionary they share if not
    // directly), under the lock, so that two parts never make a copy each.
    if (0x4...0x6).contains(object.kind), object.count >= Self.largePayload {
      func decode() throws(Problem) -> Decoded {
        let (value, cost) = try payload(object)
        return Decoded(value: value, cost: cost, height: 0)
      }
      let decoded: Decoded
      if let partsShared {
        decoded = try partsShared.large.withLock { (kept) throws(Problem) -> Decoded in
          if let known = kept[index] { return known }
          kept[index] = try decode()
          return kept[index]!
        }
      } else {
        decoded = try decode()
      }
      memo.insert(decoded, for: index)
      return decoded
    }
    let value: PropertyListValue
    var cost = 16
    var height = 0
    switch object.kind {
    case 0x0:
      guard object.marker == 0x08 || object.marker == 0x09 else {
        throw .value("holds \(object.typeName), which no task list holds")
      }
      value = .bool(object.marker == 0x09)
    case 0x1:
      value = try integer(object, importance: importance)
    case 0x2:
      let raw = try number(at: object.start, size: 1 << object.count)
      value = .real(object.count == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
    case 0x3:
      let seconds = Double(bitPattern: try number(at: object.start, size: 8))
      let date = Date(timeIntervalSinceReferenceDate: seconds)
      guard seconds.isFinite, ISO8601.isSupported(date) else {
        throw .value("holds a date out of range (years 0…9999)")
      }
      value = .date(date)
    case 0x4, 0x5, 0x6:
      (value, cost) = try payload(object)
    case 0xA, 0xD:
      guard level <= TaskListDecoder.depthLimit else { throw .tooDeep }
      visiting.append(index)
      defer { visiting.removeLast() }
      if object.kind == 0xA {
        var items: [PropertyListValue] = []
        items.reserveCapacity(object.count)
        for position in 0..<object.count {
          let child = try self.value(try reference(object.start + position * referenceSize), level: level + 1)
          items.append(child.value)
          cost = Self.adding(cost, child.cost)
          height = max(height, child.height)
          guard cost <= budget else { throw .overBudget }
        }
        value = .array(items)
      } else {
        var entries: [String: PropertyListValue] = [:]
        entries.reserveCapacity(object.count)
        for position in 0..<object.count {
          let keyObject = try self.value(try reference(object.start + position * referenceSize), level: level + 1)
          guard case .string(let key) = keyObject.value else {
            throw .malformed("a dictionary key that is not a string")
          }
          let child = try self.value(
            try reference(object.start + (object.count + position) * referenceSize), level: level + 1)
          guard entries.updateValue(child.value, forKey: key) == nil else {
            throw .value("holds a dictionary with the key \"\(TaskListError.printable(key))\" twice (duplicate key)")
          }
          cost = Self.adding(cost, Self.adding(keyObject.cost, child.cost))
          height = max(height, child.height)
          guard cost <= budget else { throw .overBudget }
        }
        value = .dictionary(entries)
      }
      height += 1
    default:
      throw .value("holds \(object.typeName), which no task list holds")
    }
    let decoded = Decoded(value: value, cost: cost, height: height)
    // Booleans, numbers and dates are decoded again where they recur: a
    // few loads, where remembering each (a list's dates recur by the
    // thousand) cost a table entry and its growth. Their cost is the same
    // either way, and no cycle or depth runs through them. A string is
    // kept once met again (each task's title and description is met once);
    // an array or a dictionary (an unknown key's value) at once, so that
    // none is decoded twice with all it holds.
    if object.kind >= 0xA || (repeated && object.kind >= 0x4) { memo.insert(decoded, for: index) }
    return decoded
  }

  /// The value of a data (kind 4) or string (5, 6) object, and its cost.
  private func payload(_ object: Object) throws(Problem) -> (PropertyListValue, Int) {
    switch object.kind {
    case 0x4:
      return (
        .data(Data(UnsafeBufferPointer(rebasing: bytes[object.start..<object.start + object.count]))), 16 + object.count
      )
    default:
      let (text, cost) = try self.text(object)
      return (.string(text), cost)
    }
  }

  /// The text of a string object (kind 5, ASCII, or 6, UTF-16) and its cost.
  private func text(_ object: Object) throws(Problem) -> (String, Int) {
    if object.kind == 0x5 {
      let text = UnsafeBufferPointer(rebasing: bytes[object.start..<object.start + object.count])
      guard text.allSatisfy({ $0 < 0x80 }) else { throw .value("holds an ASCII string object with a byte above 0x7F") }
      return (String(decoding: text, as: UTF8.self), 16 + object.count)
    }
    guard
      let text = Self.utf16BigEndian(
        UnsafeBufferPointer(rebasing: bytes[object.start..<object.start + 2 * object.count]))
    else { throw .value("holds a string that is not valid UTF-16 (an unpaired surrogate)") }
    return (text, 16 + object.count * 2)
  }

  /// Big-endian UTF-16 as a string, or nil for an unpaired surrogate
  /// (which `String(decoding:as:)` would repair silently).
  static func utf16BigEndian(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    UTF16Transcoding.string(BigEndianUTF16Units(bytes), repairing: false)
  }

  /// 1, 2 and 4-byte integers are unsigned, 8-byte ones signed, 16-byte
  /// ones (CoreFoundation's 128-bit) kept when they fit 64 bits signed.
  private func integer(_ object: Object, importance: Bool) throws(Problem) -> PropertyListValue {
    let size = 1 << object.count
    if size < 8 { return .integer(Int(try number(at: object.start, size: size))) }
    if size == 8 { return .integer(Int(Int64(bitPattern: try number(at: object.start, size: 8)))) }
    let high = try number(at: object.start, size: 8), low = try number(at: object.start + 8, size: 8)
    if high == 0, low <= UInt64(Int64.max) { return .integer(Int(low)) }
    if high == UInt64.max, low > UInt64(Int64.max) { return .integer(Int(Int64(bitPattern: low))) }
    if importance { throw .value("must be 1…9, got an integer beyond 64 bits") }
    let magnitude = Double(high) * 18_446_744_073_709_551_616 + Double(low)
    return .real(
      Int64(bitPattern: high) < 0 ? magnitude - 340_282_366_920_938_463_463_374_607_431_768_211_456 : magnitude)
  }
}
