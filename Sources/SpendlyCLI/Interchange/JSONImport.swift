import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyStore

/// `spendly import FILE.json`: into an empty database, the export restored exactly (ids,
/// history, undo); into one with data, its transactions merged, duplicates skipped.
enum JSONImport {
  static func run(path: String, dryRun: Bool, replace: Bool, context: Context) throws(CLIError) -> Rendered {
    let name = path
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
      throw CLIError(.noInput, "\(Render.safe(path)): cannot read the file")
    }
    let store = try context.store()
    let empty = try reporting { try store.archive.isEmpty() }
    // Replacing a database with data keeps it beside it first, as restore does.
    // (inside the replacing transaction, so no other save falls between the copy and the replace)
    let kept = replace && !empty && !dryRun ? context.restoreKeepPath() : nil
    var reader = SpendlyJSONReader(bytes: [UInt8](data))
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
            try reader.read(
              header: { header in
                try checkHeader(header)
                // An export made at an earlier schema is restored at its own, then migrated forward.
                try restorer.schema(header.schema)
                for (table, value) in header.sequences { try restorer.sequence(table, value) }
              },
              table: { table in restorer.saw(table) },
              row: { table, columns, values in
                do {
                  try restorer.insert(table, columns: columns, values: values)
                } catch let error as ValidationError {
                  throw StoreError.invalid(
                    ValidationError(
                      field: "\(name): \(error.field)", value: error.value, reason: error.reason, seeAlso: error.seeAlso))
                }
              })
          } catch {
            throw place(error)
          }
        }
      } catch .invalid(let error) where !error.field.hasPrefix(name) {
        if let kept { unlink(kept) }
        throw .data(Render.safe("\(name): \(error.shown)"))
      } catch {
        if let kept { unlink(kept) }
        throw error.cli
      }
      let summary =
        "\(Render.safe(name)) (Spendly JSON): "
        + (dryRun
          ? "would restore \(MoneyFormat.count(restored)) rows, replacing \(empty ? "this empty database" : "this database's data")"
          : "restored \(MoneyFormat.count(restored)) rows")
      if dryRun { return .lines([summary]) }
      return Rendered(
        text: {
          [summary, "  this database is now the export's: its history and undo came with it"]
            + (kept.map {
              ["  the database it replaced is kept at \(Render.safe($0)) (spendly restore that file to go back)"]
            }
              ?? [])
        },
        json: {
          .object([
            ("file", .string(name)), ("format", .string("Spendly JSON")), ("mode", .string("restore")),
            ("dry_run", .bool(false)), ("rows", .int(Int64(restored))), ("errors", .array([])),
          ])
        })
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
            row: { table, columns, values in try merger.row(table, columns: columns, values: values) })
        } catch {
          throw place(error)
        }
        unreadable = merger.unreadable
      }
    } catch {
      throw CSVImport.failure(error)
    }
    let rendered = CSVImport.rendered(
      CSVImport.Outcome(file: name, format: "Spendly JSON, merged", result: result, dryRun: dryRun))
    return Rendered(
      text: {
        var lines = rendered.text()
        lines.insert(
          "  this database has data, so only the file's transactions were merged (its history, budgets, schedules, debts and settings were not; --replace replaces this database with the file, keeping it beside it)",
          at: 1)
        if !unreadable.isEmpty {
          lines.append(
            "  skipped \(unreadable.count) transactions that do not read: \(unreadable.prefix(5).joined(separator: ", "))"
          )
        }
        return lines
      }, json: rendered.json)
  }
}
