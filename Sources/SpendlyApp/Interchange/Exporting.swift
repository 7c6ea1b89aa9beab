import SpendlyCore
import SpendlyInterchange
import SpendlyStore

/// `export`: the transactions (or, as JSON, everything) written in a format another program
/// reads, to a file (moved into place once complete) or stdout; never over a database.
public struct Exporting {
  public enum Format: String, CaseIterable, Sendable {
    case csv, json, xlsx, ledger, hledger, beancount
  }

  /// What the person asked for.
  public struct Request: Sendable {
    public var format: Format
    /// nil or `-` for stdout (not for xlsx).
    public var file: String?
    /// Which transactions (json writes everything).
    public var filter = TransactionFilter()
    /// xlsx: the period the rows are kept within, beside the filter's dates.
    public var period: Period?
    /// csv: every column, and Excel's byte order mark and line ends.
    public var allFields = false
    public var excel = false

    public init(format: Format, file: String?) {
      self.format = format
      self.file = file
    }
  }

  /// What was written.
  public struct Outcome: Sendable {
    public var format: Format
    /// nil when the data went to stdout.
    public var file: String?
    /// Transactions written (for JSON, every table's rows).
    public var rows: Int
    /// The transactions that never count, left out of a journal or the plain CSV layout.
    public var leftOut = 0
    /// Pending rows are left out of totals (`config pending exclude`), and so out of the plain CSV.
    public var pendingExcluded = false
  }

  /// Why nothing was written; the words are the caller's.
  public enum Refusal: Error {
    /// Writing FILE would destroy the database (or another SQLite database).
    case protected(String, ProtectedFile)
    /// A workbook needs a FILE.
    case needsFile
    case file(ExportFile.Failure)
    case store(StoreError)
    case tooLarge(FigureTooLarge)
    /// Anything else (a workbook the writer refused): its description.
    case failed(String)
  }

  public let session: Session
  public var request: Request

  public init(session: Session, request: Request) {
    self.session = session
    self.request = request
  }

  /// Refuses a FILE whose writing would destroy the database, before anything is read or opened.
  public static func checkFile(_ file: String?, in session: Session) throws(Refusal) {
    guard let file, file != "-" else { return }
    do {
      try ProtectedFile.check(file, database: session.databasePath)
    } catch {
      throw .protected(file, error)
    }
  }

  /// The rows the export writes: the filter, kept within the period.
  public var filter: TransactionFilter {
    var filter = request.filter
    if let span = request.period {
      filter.from = max(filter.from ?? span.from, span.from)
      filter.to = min(filter.to ?? span.to, span.to)
    }
    return filter
  }

  public func run() throws(Refusal) -> Outcome {
    try Self.checkFile(request.file, in: session)
    let store: Store
    do {
      store = try session.store()
    } catch {
      throw .store(error)
    }
    let file = request.file == "-" ? nil : request.file
    var outcome = Outcome(format: request.format, file: file, rows: 0)
    switch request.format {
    case .csv:
      (outcome.rows, outcome.leftOut, outcome.pendingExcluded) = try csv(store: store)
    case .json: outcome.rows = try json(store: store)
    case .xlsx:
      guard let file else { throw .needsFile }
      outcome.rows = try workbook(file, store: store)
    case .ledger, .hledger, .beancount:
      (outcome.rows, outcome.leftOut) = try journal(JournalFlavor(rawValue: request.format.rawValue)!, store: store)
    }
    return outcome
  }

  /// Opens the destination, runs `body` with it and completes the file; on any error the
  /// half-written file is removed. Every streamed export goes here.
  func writing(_ body: (ExportFile) throws -> Void) throws(Refusal) {
    let destination: ExportFile
    do {
      destination = try ExportFile(request.file)
    } catch {
      throw .file(error)
    }
    do {
      try body(destination)
      try destination.finish()
    } catch {
      destination.abandon()
      throw Self.refusal(error)
    }
  }

  static func refusal(_ error: Error) -> Refusal {
    switch error {
    case let error as Refusal: error
    case let error as ExportFile.Failure: .file(error)
    case let error as StoreError: .store(error)
    case let error as FigureTooLarge: .tooLarge(error)
    default: .failed("\(error)")
    }
  }
}
