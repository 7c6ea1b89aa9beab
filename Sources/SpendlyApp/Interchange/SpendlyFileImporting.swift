import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyStore

/// Spendly's own files imported (`import FILE.csv`, `import FILE.json`): its CSV a row at a
/// time, its JSON export restored or merged; each file one undoable change or nothing.
public struct SpendlyFileImporting {
  /// Spendly's own files, told from their first bytes: its CSV header, or its JSON export.
  public enum Kind: Sendable {
    case csv
    case json
  }

  /// What the person asked for.
  public struct Request: Sendable {
    public var path: String
    public var dryRun = false
    /// JSON into a database with data: replace it by the file (kept beside it first), not merge.
    public var replace = false
    /// An `--all-fields` CSV: delete the transactions its export held that it no longer has.
    public var syncDeletes = false

    public init(path: String) { self.path = path }
  }

  /// What a file did, for the summary lines and the JSON.
  public struct Outcome: Sendable {
    public var file: String
    public var kind: Kind
    public var dryRun: Bool
    public var effect: Effect
    /// What the file's reader left out and why ("column 10 'Extra' is not Spendly's: ignored").
    public var warnings: [String] = []
    /// The accounts a CSV made, with their types (and the method a type was told from).
    public var createdAccounts: [CreatedAccount] = []
    /// The database had no transactions and no accounts before (a CSV carries no opening balances).
    public var intoEmpty = false
  }

  /// An account an import made, and where its type came from.
  public struct CreatedAccount: Sendable {
    /// The file's Account Type, else a row's method (a Credit Card method makes a card), else
    /// the words of its name ("Wallet", "Car Loan"); `unknown`: nothing told it (savings).
    public enum TypeSource: Sendable { case file, method(String), name, unknown }
    public let name: String
    public let type: AccountType
    public let source: TypeSource
  }

  /// What became of the file's rows.
  public enum Effect: Sendable {
    /// A CSV's rows added (duplicates skipped).
    case added(ImportStreamResult)
    /// A JSON export's transactions merged into a database with data; `unreadable` were skipped.
    case merged(ImportStreamResult, unreadable: [String])
    /// A JSON export restored: `rows` of every table. `intoEmpty` the database had no data;
    /// `kept` is where the database it replaced was kept.
    case restored(rows: Int, intoEmpty: Bool, kept: String?)
  }

  /// Why nothing was imported; the words are the caller's.
  public enum Refusal: Error {
    case cannotRead(path: String)
    /// The CSV's header does not read.
    case unreadableCSV(SpendlyCSVError, file: String)
    /// A row or the store refused (a row's error names FILE:LINE:COLUMN).
    case store(StoreError)
    /// A restored export refused something its error does not place in the file: said after `file`.
    case restoring(file: String, ValidationError)
  }

  public let session: Session
  public var request: Request
  /// Told every 20,000 CSV rows (after each megabyte of a JSON export) how many bytes were read
  /// and rows seen (a big file on a terminal).
  public var progress: ((_ bytesRead: Int, _ rows: Int) -> Void)?

  public init(session: Session, request: Request) {
    self.session = session
    self.request = request
  }

  /// The kind of Spendly file at `path`, or nil for a file of another kind.
  public static func kind(of path: String) throws(Refusal) -> Kind? {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw .cannotRead(path: path) }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 4096)).map { [UInt8]($0) } ?? []
    // The statement importer's detection, which knows Spendly's own files too.
    switch StatementFormat.detect(String(decoding: head, as: UTF8.self)) {
    case .spendlyCSV?: return .csv
    case .spendlyJSON?: return .json
    default: return nil
    }
  }

  /// The file's size in bytes (0 when it cannot be told).
  public static func size(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  }

  public func run(_ kind: Kind) throws(Refusal) -> Outcome {
    switch kind {
    case .csv: return try csv()
    case .json: return try json()
    }
  }
}
