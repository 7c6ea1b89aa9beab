/// One row of a whole-database export as its reader holds it, with no `String` made per cell:
/// integers read, and each text as the UTF-8 bytes it has (in the file's bytes where it has no
/// escape, decoded beside them where it has). A restore binds straight from these bytes.
///
/// A row is lent for the one call that gives it: its bytes are the reader's own, reused for the
/// next row, so nothing of it may be kept (`value(_:)` copies one out).
public struct ArchiveRow {
  /// What a cell holds.
  public enum Kind: UInt8, Sendable {
    case null, integer, text
  }

  /// One value: its kind, the integer, or where its text's bytes are.
  public struct Cell: Sendable {
    public var kind: Kind
    public var integer: Int64
    /// The text's first byte: in `bytes`, or in `decoded` when `decoded` is true.
    public var offset: Int
    public var count: Int
    public var decoded: Bool

    public init(kind: Kind, integer: Int64 = 0, offset: Int = 0, count: Int = 0, decoded: Bool = false) {
      self.kind = kind
      self.integer = integer
      self.offset = offset
      self.count = count
      self.decoded = decoded
    }
  }

  /// The row's column names, in the file's order (the same array as the row before's when
  /// `columnsChanged` is false).
  public let columns: [String]
  /// Whether the columns differ from the row before's (always true for a table's first row).
  public let columnsChanged: Bool
  private let cells: UnsafeBufferPointer<Cell>
  private let bytes: UnsafeBufferPointer<UInt8>
  private let decoded: UnsafeBufferPointer<UInt8>

  public init(
    columns: [String], columnsChanged: Bool, cells: UnsafeBufferPointer<Cell>, bytes: UnsafeBufferPointer<UInt8>,
    decoded: UnsafeBufferPointer<UInt8>
  ) {
    self.columns = columns
    self.columnsChanged = columnsChanged
    self.cells = cells
    self.bytes = bytes
    self.decoded = decoded
  }

  /// How many values the row has (as many as `columns`).
  public var count: Int { cells.count }

  public func kind(_ i: Int) -> Kind { cells[i].kind }

  /// The integer of cell `i` (0 when it is not one).
  public func integer(_ i: Int) -> Int64 { cells[i].integer }

  /// The UTF-8 bytes of cell `i`'s text (empty when it is not text).
  public func text(_ i: Int) -> UnsafeBufferPointer<UInt8> {
    let cell = cells[i]
    guard cell.kind == .text else { return UnsafeBufferPointer(start: nil, count: 0) }
    let source = cell.decoded ? decoded : bytes
    return UnsafeBufferPointer(rebasing: source[cell.offset..<cell.offset + cell.count])
  }

  /// Cell `i` as a value of its own.
  public func value(_ i: Int) -> ArchiveValue {
    switch cells[i].kind {
    case .null: .null
    case .integer: .integer(cells[i].integer)
    case .text: .text(String(decoding: text(i), as: UTF8.self))
    }
  }
}
