import SpendlyCore

/// A stored value that does not read back as what it must be (a row damaged by hand or on disk),
/// named by its row so the person can find it: "transaction #3: stored date 'garbage' is not a date".
public struct DamagedRow: Error, Sendable, Equatable, CustomStringConvertible {
  /// The row: "transaction #3", "revision #7 of transaction #3", "category #2".
  public let row: String
  public let field: String
  /// The stored value as text, nil for NULL.
  public let value: String?
  /// What it should have been: "a date", "expense or income".
  public let expected: String

  public var description: String {
    var shown = "NULL"
    if let value {
      let text = TextSanitizer.printable(value)
      shown = "'" + (text.count > 40 ? String(text.prefix(39)) + "…" : text) + "'"
    }
    return "\(row): stored \(field) \(shown) is not \(expected)"
  }
}

/// Reads one stored row value by value, checking each: the first that does not read back throws.
struct RowReader {
  let row: Row
  /// How the row is named in an error: "transaction #3". Worked out only for an error: most
  /// rows read back, and naming each one cost more than reading it.
  private let naming: () -> String

  init(row: Row, name: @autoclosure @escaping () -> String) {
    self.row = row
    self.naming = name
  }

  var name: String { naming() }

  func damaged(_ index: Int, _ field: String, _ expected: String) -> DamagedRow {
    DamagedRow(row: name, field: field, value: row.text(index), expected: expected)
  }

  /// A value that must be there, read by `read` (nil when it is not what it should be).
  func required<T>(_ index: Int, _ field: String, _ expected: String, _ read: (String) -> T?) throws(DamagedRow) -> T {
    guard let text = row.text(index), let value = read(text) else { throw damaged(index, field, expected) }
    return value
  }

  /// A value that may be NULL; when present it must read back.
  func optional<T>(_ index: Int, _ field: String, _ expected: String, _ read: (String) -> T?) throws(DamagedRow) -> T? {
    guard row.text(index) != nil else { return nil }
    return try required(index, field, expected, read)
  }

  /// A name joined from another table (a category's); NULL means the row's id there names nothing.
  func joined(_ index: Int, id: Int, _ field: String, _ expected: String) throws(DamagedRow) -> String {
    guard let name = row.text(index) else { throw damaged(id, field, expected) }
    return name
  }

  /// An optional reference's joined name: nil when the id is NULL, damage when it names nothing.
  func optionalJoined(_ index: Int, id: Int, _ field: String, _ expected: String) throws(DamagedRow) -> String? {
    if case .null = row.values[id] { return nil }
    return try joined(index, id: id, field, expected)
  }

  func text(_ index: Int, _ field: String) throws(DamagedRow) -> String {
    try required(index, field, "text") { $0 }
  }

  /// An integer stored as one (text or a real number is damage, even "12").
  func integer(_ index: Int, _ field: String, _ expected: String = "a whole number") throws(DamagedRow) -> Int64 {
    guard case .integer(let value) = row.values[index] else { throw damaged(index, field, expected) }
    return value
  }

  func optionalInteger(_ index: Int, _ field: String) throws(DamagedRow) -> Int64? {
    if case .null = row.values[index] { return nil }
    return try integer(index, field)
  }

  func date(_ index: Int, _ field: String) throws(DamagedRow) -> LocalDate {
    try required(index, field, "a date") { LocalDate(iso: $0) }
  }

  func optionalDate(_ index: Int, _ field: String) throws(DamagedRow) -> LocalDate? {
    if case .null = row.values[index] { return nil }
    return try date(index, field)
  }

  func dateTime(_ index: Int, _ field: String) throws(DamagedRow) -> LocalDateTime {
    try required(index, field, "a date and time") { LocalDateTime(iso: $0) }
  }

  /// A currency code: one Spendly knows, or one it does not (shown by its code, never as ₹).
  func currency(_ index: Int, _ field: String) throws(DamagedRow) -> Currency {
    try required(index, field, "a currency code") { Currency.stored($0) }
  }
}
