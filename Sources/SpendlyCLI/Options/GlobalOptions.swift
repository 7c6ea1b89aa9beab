/// The options every command takes, before or after its name (`CLI.parseGlobals` reads them).
enum GlobalOptions {
  static let options: [Option] = [
    .value("db", "PATH", .file, "the database (default: $SPENDLY_DB, else $XDG_DATA_HOME/spendly/spendly.db)"),
    .value("now", "WHEN", .text, "the clock, for scripts and tests: 2026-11-29T13:05"),
    .flag("json", "machine-readable output"),
    .flag("yes", "save complete drafts without asking (one-shot add, piped sessions)", short: "y"),
    .flag("no-color", "no colour even on a terminal (NO_COLOR works too)"),
    .flag("help", "help for spendly or a command", short: "h"),
    .flag("version", "the version"),
  ]

  /// The table `--help` and the man page show.
  static var help: String { OptionTable.text(options, indent: 4, column: 20) }
}
