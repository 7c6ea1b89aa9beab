import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyStore

#if canImport(Glibc)
  import Glibc
#endif

extension SpendlyFileImporting {
  /// Spendly's JSON export: into an empty database (or with `replace`) restored exactly (ids,
  /// history, undo); into one with data, its transactions merged, duplicates skipped.
  func json() throws(Refusal) -> Outcome {
    let name = request.path
    let dryRun = request.dryRun
    // Read a chunk at a time: a file of any size never sits in memory whole.
    guard var reader = SpendlyJSONReader(path: name) else { throw .cannotRead(path: name) }
    let store: Store
    let empty: Bool
    do {
      store = try session.store()
      empty = try store.archive.isEmpty()
    } catch {
      throw .store(error)
    }
    let replace = request.replace
    // Replacing a database with data keeps it beside it first, as restore does.
    // (inside the replacing transaction, so no other save falls between the copy and the replace)
    let kept = replace && !empty && !dryRun ? session.keepPath() : nil
    // Told after each chunk how far the file is read, with the rows read so far.
    var rows = 0
    if let progress {
      reader.onChunk = { bytes in progress(bytes, rows) }
    }
    let latest = ArchiveRecords.latestSchemaVersion
    func checkHeader(_ header: SpendlyJSONReader.Header) throws {
      guard header.version != 0 else {
        throw StoreError.invalid(ValidationError(field: "\(name): version", value: "", reason: "missing"))
      }
      guard header.version >= 1, header.version <= ArchiveRecords.formatVersion else {
        throw StoreError.invalid(
          ValidationError(
            field: "\(name): version", value: String(header.version),
            reason: "this Spendly reads export version \(ArchiveRecords.formatVersion) (a newer Spendly wrote it?)"))
      }
      guard header.schema <= latest, header.schema >= 1 else {
        throw StoreError.invalid(
          ValidationError(
            field: "\(name): schema", value: String(header.schema),
            reason: "made by a newer Spendly (this one knows schema \(latest)); update Spendly to read it"))
      }
    }
    func place(_ error: Error) -> Error {
      if let error = error as? SpendlyJSONError {
        return StoreError.invalid(
          ValidationError(field: "\(name):\(error.line):\(error.column)", value: "", reason: error.message))
      }
      return error
    }
    if empty || replace {
      let restored: Int
      do {
        restored = try store.archive.restore(
          dryRun: dryRun, replacing: replace && !empty ? name : nil, keepingAt: kept
        ) { restorer in
          do {
            try reader.readRows(
              header: { header in
                try checkHeader(header)
                // An export made at an earlier schema is restored at its own, then migrated forward.
                try restorer.schema(header.schema)
                for (table, value) in header.sequences { try restorer.sequence(table, value) }
              },
              table: { table in restorer.saw(table) },
              row: { table, row in
                rows += 1
                do {
                  try restorer.insert(table, row: row)
                } catch let error as ValidationError {
                  throw StoreError.invalid(
                    ValidationError(
                      field: "\(name): \(error.field)", value: error.value, reason: error.reason, seeAlso: error.seeAlso
                    ))
                }
              })
          } catch {
            throw place(error)
          }
        }
      } catch .invalid(let error) where !error.field.hasPrefix(name) {
        if let kept { unlink(kept) }
        throw .restoring(file: name, error)
      } catch {
        if let kept { unlink(kept) }
        throw .store(error)
      }
      return Outcome(
        file: name, kind: .json, dryRun: dryRun, effect: .restored(rows: restored, intoEmpty: empty, kept: kept))
    }
    let result: ImportStreamResult
    var unreadable: [String] = []
    do {
      let file = ImportFact(file: name, format: .json)
      result = try store.transactions.importStream(file: file, dryRun: dryRun) { stream in
        let merger = ArchiveMerger(stream)
        do {
          try reader.read(
            header: checkHeader,
            row: { table, columns, values in
              rows += 1
              try merger.row(table, columns: columns, values: values)
            })
        } catch {
          throw place(error)
        }
        unreadable = merger.unreadable
      }
    } catch {
      throw .store(error)
    }
    return Outcome(file: name, kind: .json, dryRun: dryRun, effect: .merged(result, unreadable: unreadable))
  }
}
