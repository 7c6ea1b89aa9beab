/// The options part of a help, made from the declarations: a line per option, its label
/// (`--category NAME`) and its help in a column, continuation lines under the help.
enum OptionTable {
  /// The table's lines joined; `column` is where the help starts (nil: three spaces after the
  /// longest label).
  static func text(_ options: [Option], indent: Int = 2, column: Int? = nil) -> String {
    let widest = options.map(\.label.count).max() ?? 0
    let start = max(column ?? (indent + widest + 3), indent + widest + 2)
    var lines: [String] = []
    for option in options {
      let head = String(repeating: " ", count: indent) + option.label
      let help = option.help.split(separator: "\n", omittingEmptySubsequences: false)
      lines.append(head + String(repeating: " ", count: start - head.count) + (help.first ?? ""))
      lines += help.dropFirst().map { String(repeating: " ", count: start) + $0 }
    }
    return lines.joined(separator: "\n")
  }
}
