/// `spendly __man`: the manual page, spendly.1, in roff, made from the very text `--help`
/// prints (each command's summary, help and options table made from its declared options, a
/// subsection per action with its own usage and options, the global options), so the two
/// cannot disagree.
/// Hidden: `make install` runs it.
struct ManPageCommand: Command {
  static let name = "__man"
  static let summary = "print the manual page, spendly.1, in roff (used by make install)"
  static let help = """
    usage: spendly __man > spendly.1

    The manual page, made from the help text every command prints.
    """
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "nothing")
    return .lines(ManPage.lines())
  }
}

/// The roff of the manual page (man macros).
enum ManPage {
  static func lines() -> [String] {
    var out: [String] = []
    out.append(#".TH SPENDLY 1 "\#(CLI.versionDate)" "spendly \#(CLI.version)" "User Commands""#)
    out.append(".nh")  // no hyphenation: options and names stay whole
    out.append(".SH NAME")
    out.append(#"spendly \- a terminal personal\-finance tracker: type it, confirm, done"#)
    out.append(".SH SYNOPSIS")
    out.append(".B spendly")
    out.append(#"[\fIOPTIONS\fR]"#)
    out.append(".br")
    out.append(".B spendly")
    out.append(#"[\fIOPTIONS\fR] \fICOMMAND\fR [\fIARGS\fR...]"#)
    out.append(".SH DESCRIPTION")
    out.append(
      contentsOf: text(
        """
        Spendly records expenses, income and transfers typed as short phrases ("420 upi food
        lunch") and answers questions about them ("food this month"). Without a command it
        starts the interactive shell, with Tab completion; with one it runs that command once.
        The same words work at the shell's prompt. 'spendly COMMAND --help' prints the part of
        this page about one command.
        """))
    out.append(#".SH "INTERACTIVE SHELL""#)
    out.append(contentsOf: verbatim(ShellGuide.lines.joined(separator: "\n")))
    out.append(".SH OPTIONS")
    out.append(contentsOf: verbatim(CLI.globalHelp))
    out.append(".SH COMMANDS")
    for command in commands {
      out.append(#".SS "\#(escaped(command.name))""#)
      out.append(contentsOf: text(command.summary))
      out.append(contentsOf: verbatim(command.fullHelp))
      for action in command.subcommands { out.append(contentsOf: subsection(command, action)) }
    }
    out.append(".SH ENVIRONMENT")
    for (name, meaning) in environmentVariables {
      out.append(".TP")
      out.append(".B \(name)")
      out.append(contentsOf: text(meaning))
    }
    out.append(".SH FILES")
    for (path, meaning) in files {
      out.append(".TP")
      out.append(".I \(escaped(path))")
      out.append(contentsOf: text(meaning))
    }
    out.append(".SH EXIT STATUS")
    out.append(
      contentsOf: text(
        """
        0 on success; 64 for a usage error, 65 for bad data, 66 for a missing database or file,
        70 for an internal error, 73 for a file that cannot be created or written, 74 for an
        input or output error, 75 when the database is busy (try again).
        """))
    out.append(".SH SEE ALSO")
    out.append(#".BR sqlite3 (1)"#)
    return out
  }

  /// The part of the page about one action (`debts add`), made from its declaration as its
  /// `--help` is: its summary when it has one, its usage and its options.
  static func subsection(_ command: any Command.Type, _ action: Subcommand) -> [String] {
    let also = action.aliases.map { " (\(command.name) \($0))" }.joined()
    var out = [#".SS "\#(escaped("\(command.name) \(action.name)\(also)"))""#]
    if let summary = action.summary { out.append(contentsOf: text(summary)) }
    out.append(contentsOf: verbatim(command.fullHelp(of: action)))
    return out
  }

  static let environmentVariables: [(String, String)] = [
    ("SPENDLY_DB", "The database, unless --db names one."),
    (
      "XDG_DATA_HOME",
      "Without SPENDLY_DB or --db, the database is $XDG_DATA_HOME/spendly/spendly.db (else ~/.local/share/spendly/spendly.db)."
    ),
    ("XDG_STATE_HOME", "Where the shell's history is kept: $XDG_STATE_HOME/spendly (else ~/.local/state/spendly)."),
    ("NO_COLOR", "When set, no colour even on a terminal (as --no-color)."),
  ]

  static let files: [(String, String)] = [
    ("~/.local/share/spendly/spendly.db", "The default database (SQLite), readable by you only."),
    ("~/.local/state/spendly/", "The shell's line history and the integrity memo, per database."),
  ]

  /// Filled text: each line escaped.
  static func text(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
  }

  /// Text shown as written (usage lines, option tables, examples), indented once: the
  /// indentation every line shares is taken off first.
  static func verbatim(_ text: String) -> [String] {
    let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
    let shared = rows.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    var lines = [".PP", ".RS 4", ".nf"]
    lines += rows.map { escaped(String($0.dropFirst(min(shared, $0.prefix { $0 == " " }.count)))) }
    lines += [".fi", ".RE"]
    return lines
  }

  /// What the page says in ASCII for a character groff has no fallback for in an ASCII
  /// locale (under LANG=C it prints those as nothing): `Rs` for the rupee sign, `Enter` for the key.
  static let asciiFallbacks: [Unicode.Scalar: String] = [
    "\u{20B9}": "Rs", "\u{23CE}": "Enter", "\u{2191}": "Up", "\u{2193}": "Down", "\u{2026}": "...",
    "\u{00B7}": "-",
  ]

  /// One line of text as roff reads it literally: its characters without a fallback written in
  /// ASCII first (`withFallbacks`), backslashes and dashes escaped, other characters beyond
  /// ASCII named (\[u2192]), and a line starting with '.' or ''' kept from being a request.
  static func escaped(_ line: String) -> String {
    var out = ""
    for scalar in withFallbacks(line).unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
      case _ where scalar.value > 0x7F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: out.unicodeScalars.append(scalar)
      }
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
  }

  /// `line` with each character of `asciiFallbacks` written in ASCII, a word kept apart from
  /// the letters and digits beside it (`420 Enter`, `Rs 8,000`). The columns a longer word
  /// takes are given back from the run of spaces after it (one space always stays), so a
  /// table's next column stays where it was.
  static func withFallbacks(_ line: String) -> String {
    guard line.unicodeScalars.contains(where: { asciiFallbacks[$0] != nil }) else { return line }
    var out = ""
    var afterWord = false
    var owed = 0
    let scalars = Array(line.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      if afterWord, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        out += " "
        owed += 1
      }
      afterWord = false
      if scalar == " ", owed > 0, index + 1 < scalars.count, scalars[index + 1] == " " {
        owed -= 1
        continue
      }
      if let ascii = asciiFallbacks[scalar] {
        let isWord = ascii.first?.isLetter == true
        if isWord, let last = out.last, last.isLetter || last.isNumber {
          out += " "
          owed += 1
        }
        out += ascii
        owed += ascii.count - 1
        afterWord = isWord
        continue
      }
      if scalar != " " { owed = 0 }
      out.unicodeScalars.append(scalar)
    }
    return out
  }
}
