/// A command's parsed arguments: options with values, flags, and positional words.
struct Arguments {
  /// How a command declares an option (see `Option`).
  typealias Spec = Option

  private(set) var values: [String: String] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positional: [String] = []
  /// The options these arguments were read by: their value types read the values.
  private(set) var specs: [Option] = []

  /// Parses `words` for `command` (as typed: "debts remove"); an unknown option, a missing value
  /// or a value given to a flag is a usage error in one wording (`OptionRefusal`).
  init(_ words: [String], specs: [Option], command: String) throws(CLIError) {
    var unused: [String]? = nil
    try self.init(words, specs: specs, command: command, passing: &unused)
  }

  /// Takes the options of `specs` out of `words` wherever they stand before `--`, and gives
  /// back the other words in order, `--` and every word after it included: how the global
  /// options are read before the command reads its own. A missing value or a flag's value is
  /// refused in the one wording; an option not in `specs` is left to the command.
  static func extracting(_ words: [String], specs: [Option], command: String) throws(CLIError)
    -> (arguments: Arguments, rest: [String])
  {
    var rest: [String]? = []
    let arguments = try Arguments(words, specs: specs, command: command, passing: &rest)
    return (arguments, rest ?? [])
  }

  /// The one reading of `words`: with `passing` nil an unknown option is refused, else it and
  /// every word that is no option of `specs` goes there (and `--` with what follows it).
  private init(_ words: [String], specs: [Option], command: String, passing: inout [String]?) throws(CLIError) {
    self.specs = specs
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !Arguments.isOption(word) {
        if passing != nil { passing!.append(word) } else { positional.append(word) }
        continue
      }
      if word == "--" {
        if passing != nil {
          passing!.append(contentsOf: words[(index - 1)...])
          break
        }
        optionsEnded = true
        continue
      }
      let (typed, inlineValue) = Arguments.split(word)
      guard let spec = specs.named(typed) else {
        if passing != nil {
          passing!.append(word)
          continue
        }
        throw OptionRefusal.unknown.error(typed, command: command)
      }
      let name = spec.name
      if spec.takesValue {
        if let inlineValue {
          values[name] = inlineValue
        } else {
          guard index < words.count else { throw OptionRefusal.needsValue.error("--" + name, command: command) }
          values[name] = words[index]
          index += 1
        }
      } else {
        if inlineValue != nil { throw OptionRefusal.takesNoValue.error("--" + name, command: command) }
        flags.insert(name)
      }
    }
  }

  /// Whether `word` is an option (or `--`) rather than a positional word.
  static func isOption(_ word: String) -> Bool { word.hasPrefix("-") && word != "-" && !looksNumeric(word) }

  /// `--name=value` as the option and its value; `--name` or `-x` with none.
  static func split(_ word: String) -> (option: String, value: String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  /// The first positional word of `words` as `specs` would read them, without refusing anything
  /// (an unknown option counts as a flag): the word that names a command's action.
  static func firstPositional(_ words: [String], specs: [Option]) -> String? {
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      if word == "--" { return index < words.count ? words[index] : nil }
      guard isOption(word) else { return word }
      let (typed, inline) = split(word)
      if inline == nil, specs.named(typed)?.takesValue == true { index += 1 }
    }
    return nil
  }

  /// `-420` or `+2500` are words of a phrase, not options.
  static func looksNumeric(_ word: String) -> Bool {
    guard let second = word.dropFirst().first else { return false }
    return second.isNumber
  }

  subscript(name: String) -> String? { values[name] }
  /// The options given, with a value or as flags, in name order.
  var givenOptions: [String] { (Array(values.keys) + flags).sorted() }
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// Fails with a usage error unless there are between `min` and `max` positional words.
  func expectPositional(_ min: Int, _ max: Int, command: String, what: String) throws(CLIError) {
    if positional.count < min { throw .usage("'\(command)' needs \(what) (see: spendly \(command) --help)") }
    if positional.count > max {
      throw .usage("'\(command)': unexpected '\(positional[max])' (see: spendly \(command) --help)")
    }
  }
}

/// Why an option on a command line is refused. One wording for every command and action:
/// `debts remove: unknown option '--balance' (see: spendly debts remove --help)`.
enum OptionRefusal {
  /// Not an option of the command or of the action named (both read the same).
  case unknown
  case needsValue
  /// A flag given `=value`.
  case takesNoValue

  /// The usage error (exit 64) for `option` as typed, on `command` as typed ("debts remove").
  func error(_ option: String, command: String) -> CLIError {
    let problem: String
    switch self {
    case .unknown: problem = "unknown option '\(Render.safe(option))'"
    case .needsValue: problem = "option '\(option)' needs a value"
    case .takesNoValue: problem = "option '\(option)' takes no value"
    }
    guard !command.isEmpty else { return .usage("\(problem) (see: spendly --help)") }
    return .usage("\(command): \(problem) (see: spendly \(command) --help)")
  }
}
