import Foundation

/// `--help` of a command and of each of its actions: the written prose (usage, explanation),
/// the options table made from the declarations, then the examples.
extension Command {
  /// What `spendly COMMAND --help` prints before the global options (and the man page shows).
  static var fullHelp: String {
    var text = help
    if !specs.isEmpty { text += "\n\noptions:\n" + OptionTable.text(specs, column: optionColumn) }
    if subcommands.contains(where: { !$0.options.isEmpty }) {
      text += "\n\n'spendly \(name) ACTION --help' shows one action's usage and options."
    }
    return examples.isEmpty ? text : text + "\n\nexamples:\n" + examples.map { "  " + $0 }.joined(separator: "\n")
  }

  /// What `spendly COMMAND ACTION --help` prints: the action's usage and only its options.
  static func fullHelp(of action: Subcommand) -> String {
    var text = "usage: " + (action.usage ?? usage(of: action))
    if !action.options.isEmpty {
      text += "\n\noptions:\n" + OptionTable.text(action.options, column: optionColumn)
    }
    return text
  }

  /// The lines of the command's usage that name `action` (`spendly debts add NAME ...` and its
  /// continuation lines; for the default action the line naming none), else one made up.
  static func usage(of action: Subcommand) -> String {
    let block = help.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
    guard block.first?.hasPrefix("usage: ") == true else { return made(action) }
    // Each entry starts "spendly NAME"; lines indented further continue it.
    var entries: [[Substring]] = []
    for line in block {
      let body = line.hasPrefix("usage: ") ? line.dropFirst(7) : line
      if body.drop(while: { $0 == " " }).hasPrefix("spendly \(name)") { entries.append([line]) } else {
        if entries.isEmpty { continue }
        entries[entries.count - 1].append(line)
      }
    }
    let words = Set([action.name] + action.aliases)
    let found = entries.filter { entry in
      guard let named = entry[0].range(of: "spendly \(name)") else { return false }
      let after = entry[0][named.upperBound...].drop { $0 == " " }
      let first = after.prefix { $0 != " " }
      if first.isEmpty || first.hasPrefix("[") || first.hasPrefix("-") { return action.name == defaultSubcommand }
      // `ledger|hledger|beancount`, `pause ID | resume ID`
      let listed = first.split(separator: "|").map(String.init)
      return !words.isDisjoint(with: listed) || words.contains { after.contains("| \($0) ") }
    }
    guard !found.isEmpty else { return made(action) }
    let lines = found.flatMap { $0 }.map(String.init)
    let first = lines[0].drop { $0 == " " }.replacingPrefix("usage: ", with: "")
    return ([first] + lines.dropFirst()).joined(separator: "\n")
  }

  private static func made(_ action: Subcommand) -> String {
    "spendly \(name) \(action.name)" + (action.options.isEmpty ? "" : " [OPTIONS]")
  }
}

extension Substring {
  fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
    hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : String(self)
  }
}
