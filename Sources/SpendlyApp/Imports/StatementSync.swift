import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyStore

/// A folder of statement files imported: each file not imported before (known by its content)
/// is imported as `import` would, each its own change; a file that does not read is reported
/// and the others go on.
public struct StatementSync {
  /// What became of one file.
  public enum FileResult {
    case imported(StatementImporting.Outcome)
    case failed(file: String, StatementImporting.Refusal)
    /// The file could not be read at all.
    case unreadable(file: String)
  }

  /// Why the folder was not read.
  public enum Refusal: Error {
    case notAFolder(String)
    case cannotList(String)
    /// `--account` names no account (or several), or the store fails.
    case importing(StatementImporting.Refusal)
  }

  public let session: Session
  public var request: StatementImporting.Request
  public var confirm: (([String]) -> Bool)?

  public init(session: Session, request: StatementImporting.Request) {
    self.session = session
    self.request = request
    self.request.sync = true
  }

  /// The folder's statement files, by name: not hidden, not `*.rules`, not folders.
  public static func files(in directory: String) throws(Refusal) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .notAFolder(directory)
    }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      throw .cannotList(directory)
    }
    return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".rules") }.sorted().filter { name in
      var isDir: ObjCBool = false
      let path = (directory as NSString).appendingPathComponent(name)
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue
    }
  }

  /// Imports each new file of `directory`, oldest statement period first (files whose dates do
  /// not read last, by name); the count of files seen before comes back beside.
  public func run(_ directory: String) throws(Refusal) -> (results: [FileResult], seen: Int) {
    let request = try resolved()
    var seen = 0
    var hashes = Set<String>()
    var pending: [(name: String, path: String, bytes: [UInt8]?, importer: StatementImporting?, last: LocalDate?)] = []
    for name in try Self.files(in: directory) {
      let path = (directory as NSString).appendingPathComponent(name)
      guard let bytes = StatementImporting.bytes(path) else {
        pending.append((name, path, nil, nil, nil))
        continue
      }
      do throws(StatementImporting.Refusal) {
        // Known by its content: imported before, or the same bytes under another name here.
        let hash = ContentHash.file(bytes)
        if try known(hash) || !hashes.insert(hash).inserted {
          seen += 1
          continue
        }
        var importer = try configured(bytes, request: request)
        // Read once, for its dates and for the import; a file that does not read fails there.
        importer.reading = try? importer.read(bytes, file: name)
        pending.append((name, path, bytes, importer, importer.reading?.lastDate))
      } catch {
        pending.append((name, path, bytes, nil, nil))
      }
    }
    // Names are in order already: a stable sort keeps them so for the same day and for no day.
    let ordered = pending.enumerated().sorted { left, right in
      switch (left.element.last, right.element.last) {
      case (let a?, let b?) where a != b: a < b
      case (nil, _?): false
      case (_?, nil): true
      default: left.offset < right.offset
      }
    }.map(\.element)
    var results: [FileResult] = []
    for file in ordered {
      guard let bytes = file.bytes else {
        results.append(.unreadable(file: file.name))
        continue
      }
      do throws(StatementImporting.Refusal) {
        // A file whose first look failed (the store) is looked at again, and fails as it does.
        var importer: StatementImporting
        if let ready = file.importer { importer = ready } else { importer = try configured(bytes, request: request) }
        importer.confirm = confirm
        results.append(.imported(try importer.run(path: file.path, bytes: bytes)))
      } catch {
        results.append(.failed(file: file.name, error))
      }
    }
    return (results, seen)
  }

  /// The request with `--account` resolved to the account's own name, once for every file.
  func resolved() throws(Refusal) -> StatementImporting.Request {
    var request = self.request
    guard let text = request.accountName else { return request }
    do {
      let store = try session.store()
      let parser = try session.phraseParser(caching: true)
      let found = AccountLookup.find(text, accounts: try store.catalog.current().accounts, parser: parser)
      guard case .account(let account) = found else { throw Refusal.importing(.account(text, found)) }
      request.accountName = account.name
      return request
    } catch let error as Refusal {
      throw error
    } catch let error as StoreError {
      throw .importing(.store(error))
    } catch {
      throw .importing(.store(.invalid(ValidationError(field: "sync", value: text, reason: "\(error)"))))
    }
  }

  func configured(_ bytes: [UInt8], request: StatementImporting.Request) throws(StatementImporting.Refusal)
    -> StatementImporting
  {
    var importer = StatementImporting(session: session, request: request)
    if let (account, mapping) = try Self.savedMappingAccount(bytes, in: session, preferring: request.accountName) {
      importer.request.accountName = account
      importer.request.mappingText = mapping
      importer.request.mappingName = "saved mapping of \(account)"
    }
    return importer
  }

  func known(_ hash: String) throws(StatementImporting.Refusal) -> Bool {
    do {
      return try session.store().imports.file(hash: hash) != nil
    } catch {
      throw .store(error)
    }
  }

  /// For a bank CSV: the account whose saved mapping reads it (`preferring` tried first), with
  /// that mapping.
  public static func savedMappingAccount(
    _ bytes: [UInt8], in session: Session, preferring preferred: String? = nil
  ) throws(StatementImporting.Refusal) -> (String, String)? {
    let text = TextDecoding.text(bytes)
    guard StatementFormat.detect(text) == .csv || StatementFormat.detect(text) == nil else { return nil }
    do {
      let store = try session.store()
      let accounts = try store.accounts.all()
      let first = accounts.filter { account in preferred.map { NameKey.same(account.name, $0) } ?? false }
      for account in first + accounts.filter({ account in !first.contains { $0.name == account.name } }) {
        guard let saved = try store.imports.mapping(for: account.name),
          let mapping = try? BankCSVMapping(text: saved),
          (try? BankCSVFormat.read(
            TextDecoding.text(bytes, declared: mapping.encoding), mapping: mapping, currency: account.currency)) != nil
        else { continue }
        return (account.name, saved)
      }
    } catch {
      throw .store(error)
    }
    return nil
  }
}
