import FoundationEssentials

/// An ``ICUDateFormatter`` opened on first use. Opening one costs far more
/// than formatting with it (ICU loads the locale's data and, for a
/// skeleton, resolves it through a DateTimePatternGenerator), and a report
/// needs some formats only now and then: a repeated wall time, a detail
/// view, a date outside years 1…9999.
///
/// Errors: an ICU error while opening is kept and reported by
/// ``firstFailure`` (the run then fails before anything is committed);
/// ``string(from:)`` returns "" meanwhile.
public final class LazyDateFormatter: Sendable, ICUFailureReporting {
  /// Opened on first use, then read with no lock by every thread.
  private let state: OnceValue<Result<Opened, ICUError>>

  /// The formatter, and its texts kept by local day and time of day where
  /// its pattern allows (``DateTimeStrings``).
  private struct Opened {
    let formatter: ICUDateFormatter
    let strings: DateTimeStrings?
  }

  /// The opened formatter's kept texts, unretained (``state`` keeps them):
  /// the rows use them with no retain, which is a write to one cache line
  /// from every thread (binding them out of the `Result` is one).
  private let strings: OnceValue<Unmanaged<DateTimeStrings>?>

  /// - Parameter open: opens the formatter; called at most once.
  public init(_ open: @escaping @Sendable () throws(ICUError) -> ICUDateFormatter) {
    let state = OnceValue {
      Result { () throws(ICUError) in
        let formatter = try open()
        return Opened(formatter: formatter, strings: DateTimeStrings(formatter))
      }
    }
    self.state = state
    strings = OnceValue { (try? state.value.get().strings).map { Unmanaged.passUnretained($0) } }
  }

  /// The formatter, opened now if it was not yet.
  /// - Throws: the ``ICUError`` opening it met (the same one every time).
  public func formatter() throws(ICUError) -> ICUDateFormatter {
    try opened().formatter
  }

  private func opened() throws(ICUError) -> Opened {
    try state.value.get()
  }

  /// The opened formatter's text for `date`; "" when it could not be opened.
  public func string(from date: Date) -> String {
    (try? formatter())?.string(from: date) ?? ""
  }

  /// The same text, through ``DateTimeStrings`` where the pattern cuts into
  /// a date part and a time part: `utcOffset` is the zone's offset at
  /// `date`, in seconds east of Greenwich (from the caller's ``DayCalendar``).
  public func string(from date: Date, utcOffset: Int) -> String {
    switch state.value {
    case .failure: return ""
    case .success(let opened):
      return opened.strings?.string(from: date, utcOffset: utcOffset) ?? opened.formatter.string(from: date)
    }
  }

  /// ``string(from:utcOffset:)``'s UTF-8 lent to `body` with whether it
  /// is ordinary, when it is made from kept parts
  /// (``DateTimeStrings/withUTF8(from:utcOffset:_:)``); false, without
  /// calling `body`, otherwise.
  public func withUTF8(
    from date: Date, utcOffset: Int, _ body: (UnsafeBufferPointer<UInt8>, _ isOrdinary: Bool) -> Void
  ) -> Bool {
    strings.value?._withUnsafeGuaranteedRef { $0.withUTF8(from: date, utcOffset: utcOffset, body) } ?? false
  }

  /// The error opening met, else the opened formatter's first failure;
  /// nil when it was never opened.
  public var firstFailure: ICUError? {
    guard state.isSet else { return nil }
    switch state.value {
    case .failure(let error): return error
    case .success(let opened): return opened.strings?.firstFailure ?? opened.formatter.firstFailure
    }
  }
}
