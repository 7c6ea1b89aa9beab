import SpendlyCore

/// The options every command takes, before or after its name: declared as any command's are,
/// read by the same parser (`Arguments.extracting`) wherever they stand before `--`.
enum GlobalOptions {
  static let options: [Option] = [
    .value("db", "PATH", .file, "the database (default: $SPENDLY_DB, else $XDG_DATA_HOME/spendly/spendly.db)"),
    .value("now", "WHEN", .dateTime, "the clock, for scripts and tests: 2026-11-29T13:05"),
    .flag("json", "machine-readable output"),
    .flag("yes", "save complete drafts without asking (one-shot add, piped sessions)", short: "y"),
    .flag("no-color", "no colour even on a terminal (NO_COLOR works too)", aliases: ["no-colour"]),
    .flag("help", "help for spendly or a command", short: "h"),
    .flag("version", "the version"),
  ]

  /// The table `--help` and the man page show.
  static var help: String { OptionTable.text(options, indent: 4, column: 20) }

  /// What the global options of a command line say, each value read by its declared type.
  struct Values: Equatable {
    var database: String?
    var now: LocalDateTime?
    var json = false
    var yes = false
    var noColour = false
    var help = false
    var version = false
  }

  /// Takes the global options out of `words` (wherever they stand before `--`) and reads them;
  /// the words left are the command's. `--version` wins over every other value.
  static func read(_ words: [String]) throws(CLIError) -> (Values, rest: [String]) {
    let (arguments, rest) = try Arguments.extracting(words, specs: options, command: "")
    var values = Values()
    values.version = arguments.has("version")
    if values.version { return (values, rest) }
    if let database = arguments["db"] {
      if database.isEmpty { throw .usage("--db needs a path") }
      values.database = database
    }
    values.now = try arguments.dateTime("now")
    values.json = arguments.has("json")
    values.yes = arguments.has("yes")
    values.noColour = arguments.has("no-color")
    values.help = arguments.has("help")
    return (values, rest)
  }
}
