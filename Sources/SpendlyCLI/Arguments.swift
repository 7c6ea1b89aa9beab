/// A command's parsed arguments: options with values, flags, and positional words.
struct Arguments {
  /// How a command declares an option: `--name VALUE` or a flag `--name`.
  struct Spec: Sendable {
    let name: String
    let takesValue: Bool
    let short: Character?
    init(_ name: String, value: Bool = true, short: Character? = nil) {
      self.name = name
      self.takesValue = value
      self.short = short
    }
  }

  private(set) var values: [String: String] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positional: [String] = []

  /// Parses `words` for `command`; an unknown option or a missing value is a usage error.
  init(_ words: [String], specs: [Spec], command: String) throws(CLIError) {
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !word.hasPrefix("-") || word == "-" || Arguments.looksNumeric(word) {
        positional.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      var name: String
      var inlineValue: String?
      if word.hasPrefix("--") {
        name = String(word.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
      } else {
        guard word.count == 2, let spec = specs.first(where: { $0.short == word.last }) else {
          throw .usage("unknown option '\(word)' for '\(command)' (see: spendly \(command) --help)")
        }
        name = spec.name
      }
      guard let spec = specs.first(where: { $0.name == name }) else {
        throw .usage("unknown option '--\(name)' for '\(command)' (see: spendly \(command) --help)")
      }
      if spec.takesValue {
        if let inlineValue {
          values[name] = inlineValue
        } else {
          guard index < words.count else { throw .usage("option '--\(name)' needs a value") }
          values[name] = words[index]
          index += 1
        }
      } else {
        if inlineValue != nil { throw .usage("option '--\(name)' takes no value") }
        flags.insert(name)
      }
    }
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

  /// An integer option, or a usage error naming it.
  func int(_ name: String, default fallback: Int, range: ClosedRange<Int> = 0...Int.max) throws(CLIError) -> Int {
    guard let text = values[name] else { return fallback }
    guard let value = Int(text), range.contains(value) else {
      throw .usage("--\(name) '\(text)': expected a whole number from \(range.lowerBound)")
    }
    return value
  }

  /// Fails with a usage error unless there are between `min` and `max` positional words.
  func expectPositional(_ min: Int, _ max: Int, command: String, what: String) throws(CLIError) {
    if positional.count < min { throw .usage("'\(command)' needs \(what) (see: spendly \(command) --help)") }
    if positional.count > max {
      throw .usage("'\(command)': unexpected '\(positional[max])' (see: spendly \(command) --help)")
    }
  }
}
