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

  /// Imports each new file of `directory`; the count of files seen before comes back beside.
  public func run(_ directory: String) throws(Refusal) -> (results: [FileResult], seen: Int) {
    var results: [FileResult] = []
    var seen = 0
    for name in try Self.files(in: directory) {
      let path = (directory as NSString).appendingPathComponent(name)
      guard let bytes = StatementImporting.bytes(path) else {
        results.append(.unreadable(file: name))
        continue
      }
      do throws(StatementImporting.Refusal) {
        if try known(bytes) {
          seen += 1
          continue
        }
        var importer = StatementImporting(session: session, request: request)
        importer.confirm = confirm
        if let (account, mapping) = try Self.savedMappingAccount(bytes, in: session) {
          importer.request.accountName = account
          importer.request.mappingText = mapping
          importer.request.mappingName = "saved mapping of \(account)"
        }
        results.append(.imported(try importer.run(path: path, bytes: bytes)))
      } catch {
        results.append(.failed(file: name, error))
      }
    }
    return (results, seen)
  }

  func known(_ bytes: [UInt8]) throws(StatementImporting.Refusal) -> Bool {
    do {
      return try StatementImporting.seenBefore(bytes, in: session) != nil
    } catch {
      throw .store(error)
    }
  }

  /// For a bank CSV: the account whose saved mapping reads it, with that mapping.
  public static func savedMappingAccount(_ bytes: [UInt8], in session: Session) throws(StatementImporting.Refusal)
    -> (String, String)?
  {
    let text = TextDecoding.text(bytes)
    guard StatementFormat.detect(text) == .csv || StatementFormat.detect(text) == nil else { return nil }
    do {
      let store = try session.store()
      for account in try store.accounts.all() {
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
