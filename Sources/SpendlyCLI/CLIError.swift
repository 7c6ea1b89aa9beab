import SpendlyCore

/// An error the CLI reports as one line on stderr, with a sysexits exit code.
struct CLIError: Error, CustomStringConvertible {
  /// What went wrong, which decides the exit code.
  enum Kind: Sendable {
    /// The command line was wrong (EX_USAGE, 64).
    case usage
    /// The input data was wrong (EX_DATAERR, 65).
    case data
    /// The database to read is missing or is no database (EX_NOINPUT, 66).
    case noInput
    /// The database could not be opened or created (EX_CANTCREAT, 73).
    case cannotCreate
    /// Something failed inside (EX_SOFTWARE, 70).
    case software
    /// Reading or writing a file failed: the disk is full, an I/O error (EX_IOERR, 74).
    case ioError
    /// Another process holds the database; trying again may work (EX_TEMPFAIL, 75).
    case tryAgain
    /// The person abandoned a dialogue; it said so itself (exit 1, no message).
    case abandoned
  }

  let kind: Kind
  let message: String
  /// Whether `message` already shows an example of what to type (the shell then adds none).
  var showsExample = false
  /// Whether the message gives an example, marked or in its own words ("example:", ", like …").
  var givesExample: Bool { showsExample || message.contains("example") || message.contains(", like ") }
  /// Whether `message` ends with the nearest question ("did you mean: …?"), which is then the
  /// last thing said: no "to record it" hint follows it.
  var suggestsQuestion = false

  init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }
  static func data(_ message: String) -> CLIError { CLIError(.data, message) }

  var exitCode: Int32 {
    switch kind {
    case .usage: return 64
    case .data: return 65
    case .noInput: return 66
    case .cannotCreate: return 73
    case .software: return 70
    case .ioError: return 74
    case .tryAgain: return 75
    case .abandoned: return 1
    }
  }

  var description: String { message }
}

/// Runs money arithmetic whose overflow is a `FigureTooLarge` (the one overflow rule): the figure
/// named, as a data error (exit 65) on one line.
func exact<T>(_ body: () throws(FigureTooLarge) -> T) throws(CLIError) -> T {
  do {
    return try body()
  } catch {
    throw .data(Render.safe(error.message))
  }
}
