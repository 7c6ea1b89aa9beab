/// One option a command declares: its name, what its value is (nil for a flag) and its help,
/// from which parsing, `--help`, the man page and every completion are made.
struct Option: Sendable {
  let name: String
  let short: Character?
  /// What its value is: it reads the text and offers Tab's candidates; nil for a flag.
  let value: OptionValue?
  /// The value's name in help: `NAME` in `--category NAME`.
  let valueName: String
  /// Its help after the label, a line or several (separated by `\n`).
  let help: String
  /// Other long names that mean it, not shown in help (`--no-colour` for `--no-color`).
  var aliases: [String] = []

  var takesValue: Bool { value != nil }

  /// `--category NAME`, `-y, --yes`: what the options table shows before the help.
  var label: String {
    let long = "--" + name + (value == nil ? "" : " " + valueName)
    return short.map { "-\($0), " + long } ?? long
  }

  /// `--NAME VALUE`: an option with a value of type `value`, shown as `valueName`.
  static func value(
    _ name: String, _ valueName: String, _ value: OptionValue, _ help: String, short: Character? = nil
  ) -> Option {
    Option(name: name, short: short, value: value, valueName: valueName, help: help)
  }

  /// `--NAME`: a flag, given or not.
  static func flag(_ name: String, _ help: String, short: Character? = nil, aliases: [String] = []) -> Option {
    Option(name: name, short: short, value: nil, valueName: "", help: help, aliases: aliases)
  }

  /// The same option with other help (`--to` is a date in one command, an account in another).
  func helped(_ help: String) -> Option {
    Option(name: name, short: short, value: value, valueName: valueName, help: help, aliases: aliases)
  }

  /// The options of several lists, each name once (the first declaration wins), in order.
  static func union(_ lists: [[Option]]) -> [Option] {
    var seen = Set<String>()
    return lists.flatMap { $0 }.filter { seen.insert($0.name).inserted }
  }
}

extension [Option] {
  /// The option `--name` or `-x` names, if declared.
  func named(_ word: String) -> Option? {
    if word.hasPrefix("--") { return first { "--" + $0.name == word || $0.aliases.contains { "--" + $0 == word } } }
    guard word.count == 2, word.hasPrefix("-"), let short = word.last else { return nil }
    return first { $0.short == short }
  }

  /// The options without those named.
  func without(_ names: String...) -> [Option] { filter { !names.contains($0.name) } }
}
