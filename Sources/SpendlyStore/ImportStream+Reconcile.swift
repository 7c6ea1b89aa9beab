import SpendlyCore

/// A row of an `--all-fields` file exported from a transaction here that cannot be applied:
/// the transaction changed (or was deleted) since the export, so the row changes nothing.
public struct ImportConflict: Sendable, Equatable {
  public let id: Int64
  /// The file's line (0: the file has no row for it, an export's row deleted in the sheet).
  public let line: Int
  /// The fields the row changes against the revision it was exported at ("amount", "note").
  public let changed: [String]
  /// Why it is not applied ("changed since the export (now revision 57)").
  public let reason: String
}

/// What became of a row exported from a transaction here.
public enum Reconciled: Sendable, Equatable {
  /// The row equals the revision it was exported at: nothing to do.
  case unchanged
  /// The row differs and the transaction is still at that revision: a new revision of it.
  case updated
  /// The row differs and the transaction moved on (or is gone): listed, nothing changed.
  case conflict
}

extension ImportStream {
  /// A row the file says it exported from transaction `id` at revision `revision` (of this
  /// database's lineage): unchanged when its fields equal that revision's, else an update of
  /// the transaction (in this import's change) when its current revision is still that one,
  /// else a conflict. The fields a CSV does not carry (a debt, an MCC, the entry side) stay
  /// as the transaction has them.
  public func reconcile(
    id: Int64, revision: Int64, extent: Int64? = nil, _ fields: TransactionFields, line: Int
  ) throws -> Reconciled {
    let repeated = seen.contains(id)
    noteSeen(id, date: fields.date, extent: extent)
    guard let exported = try revisionFields(id: id, revision: revision) else {
      conflicts.append(
        ImportConflict(
          id: id, line: line, changed: [], reason: "revision \(revision) is not one of transaction #\(id)'s"))
      return .conflict
    }
    let edited = Self.overlaid(exported, with: fields)
    // A row that leaves the exported entry's methods and accounts as they were keeps its accounts.
    let inferring = !AccountRules.keepsAccounts(edited, of: exported)
    let resolved = try Validator.resolve(edited, catalog: currentCatalog, inferringAccounts: inferring)
    let changed = Self.changedFields(
      resolved, against: try? Validator.resolve(exported, catalog: currentCatalog, inferringAccounts: inferring))
    if changed.isEmpty {
      unchanged += 1
      return .unchanged
    }
    let current = try log.db.row("SELECT revision_id FROM transactions WHERE id = ?", [.integer(id)])?.int(0)
    let reason: String? =
      repeated
      ? "the file has this Id on another row too"
      : current == nil
        ? "deleted since the export"
        : current != revision ? "changed since the export (now revision \(current!))" : nil
    if let reason {
      conflicts.append(ImportConflict(id: id, line: line, changed: changed, reason: reason))
      return .conflict
    }
    try queue(.update(id: id, resolved))
    updated += 1
    return .updated
  }

  /// The transactions the file's export held that the file no longer has (see `noteSeen`):
  /// deleted in this import's change when `delete`, else only counted. Returns how many.
  /// An export of every transaction says how far it went (`exportExtent`): it held each
  /// transaction made by then, and one changed since is a conflict, not deleted. A filtered
  /// export held those within its rows' span (ids up to its largest, dates from its first to last).
  @discardableResult
  public func missingRows(delete: Bool) throws -> Int {
    guard let span = seenSpan else { return 0 }
    var missing: [Int64] = []
    let rows =
      if let extent = exportExtent {
        try log.db.rows(
          """
          SELECT t.id, t.revision_id FROM transactions t
          WHERE t.id < ? AND (SELECT min(r.id) FROM revisions r WHERE r.txn_id = t.id) <= ? ORDER BY t.id
          """, [.integer(firstNewID), .integer(extent)])
      } else {
        try log.db.rows(
          "SELECT id, revision_id FROM transactions WHERE id <= ? AND id < ? AND date BETWEEN ? AND ? ORDER BY id",
          [.integer(span.maxID), .integer(firstNewID), .text(span.from.description), .text(span.to.description)])
      }
    for row in rows {
      guard let id = row.int(0), !seen.contains(id) else { continue }
      if let extent = exportExtent, let current = row.int(1), current > extent {
        conflicts.append(
          ImportConflict(
            id: id, line: 0, changed: [],
            reason: "not in the file, but changed since the export (now revision \(current))"))
        continue
      }
      missing.append(id)
    }
    if delete {
      for id in missing { try queue(.delete(id: id)) }
      deleted = missing.count
    } else {
      self.missing = missing.count
    }
    return missing.count
  }

  /// The fields of revision `revision` of transaction `id`, or nil when it is no such revision.
  private func revisionFields(id: Int64, revision: Int64) throws -> TransactionFields? {
    let sql = """
      SELECT \(TransactionColumns.revisionSelected)
      FROM \(TransactionColumns.revisionSource) \(TransactionColumns.revisionJoins)
      WHERE r.id = ? AND r.txn_id = ?
      """
    guard let row = try log.db.row(sql, [.integer(revision), .integer(id)]) else { return nil }
    return try TransactionColumns.fields(from: RowReader(row: row, name: "revision #\(revision) of transaction #\(id)"))
  }

  /// `row`, keeping what a CSV does not carry from `exported` (its debt, MCC, entry side and
  /// counterpart reference); a transfer stored from its receiving side has its ends the other
  /// way round from the file's (from → to).
  static func overlaid(_ exported: TransactionFields, with row: TransactionFields) -> TransactionFields {
    var fields = row
    fields.debtID = exported.debtID
    fields.mcc = exported.mcc
    fields.entry = exported.entry
    fields.counterReference = exported.counterReference
    if row.kind == .transfer, exported.kind == .transfer, exported.entry == .credit {
      (fields.account, fields.counterAccount) = (row.counterAccount, row.account)
      fields.method = row.counterMethod ?? exported.method
      fields.counterMethod = row.method.isEmpty ? nil : row.method
    }
    return fields
  }

  /// The stored columns whose values differ, in plain words ("amount", "category"); every one
  /// when the exported revision no longer resolves.
  static func changedFields(_ resolved: ResolvedFields, against exported: ResolvedFields?) -> [String] {
    var changed: [String] = []
    for column in TransactionColumns.all where exported.map({ column.values(resolved) != column.values($0) }) ?? true {
      let name = column.names[0]
      // The merchant's compare key follows the merchant: not a field of its own.
      if name == "merchant_key" { continue }
      changed.append((name.hasSuffix("_id") ? String(name.dropLast(3)) : name).replacingOccurrences(of: "_", with: " "))
    }
    return changed
  }
}
