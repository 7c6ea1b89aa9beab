import CSQLite

/// SQLite's result codes by name, matched primary or extended as GRDB's `ResultCode` is: an
/// extended code (`constraintUnique`) is its primary code (`constraint`) too.
struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  let rawValue: Int32

  init(rawValue: Int32) { self.rawValue = rawValue }

  /// The primary code (the low byte).
  var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

  /// True when this is `code`: the same extended code, or, for a primary `code`, any of its family.
  func matches(_ code: ResultCode) -> Bool { code.rawValue <= 0xFF ? primary == code : self == code }

  static func ~= (pattern: ResultCode, code: ResultCode) -> Bool { code.matches(pattern) }

  static let ok = ResultCode(rawValue: SQLITE_OK)
  static let error = ResultCode(rawValue: SQLITE_ERROR)
  static let permission = ResultCode(rawValue: SQLITE_PERM)
  static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
  static let busy = ResultCode(rawValue: SQLITE_BUSY)
  static let locked = ResultCode(rawValue: SQLITE_LOCKED)
  static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
  static let ioError = ResultCode(rawValue: SQLITE_IOERR)
  static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
  static let full = ResultCode(rawValue: SQLITE_FULL)
  static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
  static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
  static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
  /// A UNIQUE index refused a row (SQLITE_CONSTRAINT_UNIQUE).
  static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
  /// A PRIMARY KEY refused a row (SQLITE_CONSTRAINT_PRIMARYKEY).
  static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
  /// A row points at one that is not there (SQLITE_CONSTRAINT_FOREIGNKEY).
  static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))

  var description: String { String(cString: sqlite3_errstr(rawValue)) + " (\(rawValue))" }
}

extension DatabaseError {
  /// The result code by name.
  var resultCode: ResultCode { ResultCode(rawValue: code) }
}
