import SpendlyCore
import SpendlyInterchange
import SpendlyParse
import SpendlyStore

extension StatementImporting {
  /// A file's statements as read, with the saved mapping that read them (a bank CSV).
  public struct Reading {
    public var format: StatementFormat
    public var statements: [Statement]
    /// The account's saved mapping, when it (not one the person gave) read the file.
    public var savedMapping: String?

    /// The latest day its statements reach (a statement's end, else its last row): nil when none says.
    public var lastDate: LocalDate? { StatementImporting.lastDate(of: statements) }
  }

  /// The latest day the statements reach: each one's end, else its last row.
  static func lastDate(of statements: [Statement]) -> LocalDate? {
    statements.compactMap { $0.end ?? $0.rows.map(\.date).max() }.max()
  }

  /// Reads the file as the import would: with the request's mapping, or the saved mapping of
  /// its `--account`, in that account's currency.
  public func read(_ bytes: [UInt8], file: String) throws(Refusal) -> Reading {
    try Self.refusing(file) {
      let store = try session.store()
      let named = try Self.named(
        request.accountName, catalog: try store.catalog.current(), parser: try session.phraseParser(caching: true))
      return try Self.read(bytes, file: file, request: request, named: named, store: store)
    }
  }

  /// Runs import work, its errors as a refusal: a store error as itself, anything else as the
  /// file's invalid data.
  static func refusing<T>(_ file: String, _ body: () throws -> T) throws(Refusal) -> T {
    do {
      return try body()
    } catch let error as Refusal {
      throw error
    } catch let error as StoreError {
      throw .store(error)
    } catch {
      throw .store(.invalid(ValidationError(field: "import", value: file, reason: "\(error)")))
    }
  }

  /// The account `--account` names, or nil without one.
  static func named(_ text: String?, catalog: Catalog, parser: PhraseParser?) throws(Refusal) -> Account? {
    guard let text else { return nil }
    let found = AccountLookup.find(text, accounts: catalog.accounts, parser: parser)
    guard case .account(let account) = found else { throw .account(text, found) }
    return account
  }

  static func read(_ bytes: [UInt8], file: String, request: Request, named: Account?, store: Store) throws -> Reading {
    var options = StatementFile.Options(currency: try named?.currency ?? store.settings.defaultCurrency())
    options.dayFirst = request.dayFirst
    options.splitsCurrencies = named == nil
    var savedMapping: String?
    if let text = request.mappingText {
      options.mapping = try Self.mapping(text, file: request.mappingName)
    } else if let named, let saved = try store.imports.mapping(for: named.name) {
      options.mapping = try Self.mapping(saved, file: "saved mapping of \(named.name)")
      savedMapping = saved
    }
    do {
      let (format, statements) = try StatementFile.read(bytes, options: options)
      return Reading(format: format, statements: statements, savedMapping: savedMapping)
    } catch {
      throw Refusal.unreadable(error, file: file)
    }
  }
}
