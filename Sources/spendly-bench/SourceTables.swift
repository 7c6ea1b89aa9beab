import SpendlyCore
import SpendlyParse

extension Lexicon {
  /// This lexicon's words (all but the import words) as Swift source for `LexiconTables.swift`:
  /// sorted array literals (the compiler lays out those of strings and numbers in the binary;
  /// the others are made once, without hashing) and `Lexicon.compiled()`, which puts them
  /// together. `make grammar` writes it from the embedded files (`spendly-bench lexicon-tables`);
  /// `LexiconTablesTests` checks that the compiled lexicon and the files agree. Kept here, in the
  /// bench tool, so the shipped binary carries no generator.
  func tables() -> SourceTables {
    var source = SourceTables(type: "Lexicon", variable: "lexicon", prefix: "")
    source.map("methodWords", methodWords, type: "Lexicon.MethodTarget") {
      switch $0 {
      case .named(let name): ".named(\(SourceTables.literal(name)))"
      case .defaultCard: ".defaultCard"
      }
    }
    for (name, map) in [("categorySuggestions", categorySuggestions), ("categoryNames", categoryNames)] {
      source.map(name, map, type: "Lexicon.CategoryHint") {
        "Lexicon.CategoryHint(name: \(SourceTables.literal($0.name)), side: .\($0.side))"
      }
    }
    source.map("currencyWords", currencyWords, type: "Currency", value: SourceTables.currency)
    source.array(
      "currencySymbols", currencySymbols, type: "(String, Currency)",
      value: { "(\(SourceTables.literal($0.0)), \(SourceTables.currency($0.1)))" })
    source.map("suffixes", suffixes, type: "Int64") { "\($0)" }
    let sets: [(String, WordSet)] = [
      ("incomeMarkers", incomeMarkers), ("expenseMarkers", expenseMarkers), ("loanPaymentWords", loanPaymentWords),
      ("incomeWords", incomeWords), ("payeeWords", payeeWords), ("taxWords", taxWords), ("budgetWords", budgetWords),
      ("budgetFillers", budgetFillers), ("weakExpenseWords", weakExpenseWords), ("methodMarkers", methodMarkers),
      ("nameJoiners", nameJoiners), ("merchantMarkers", merchantMarkers), ("fillers", fillers),
      ("leadWords", leadWords), ("lastWords", lastWords), ("agoWords", agoWords), ("fromWords", fromWords),
      ("toWords", toWords), ("foreignWords", foreignWords), ("transferNames", transferNames),
    ]
    for (name, set) in sets { source.set(name, set) }
    source.map("merchantSpellings", merchantSpellings, type: "String", value: SourceTables.literal)
    for (name, map) in [
      ("relativeDays", relativeDays), ("weekdays", weekdays), ("months", months), ("dayUnits", dayUnits),
    ] {
      source.map(name, map, type: "Int") { "\($0)" }
    }
    source.map("timeWords", timeWords, type: "LocalTime") { "LocalTime(hour: \($0.hour), minute: \($0.minute))!" }
    source.map("transferRoutes", transferRoutes, type: "TransferRoute") { ".\($0)" }
    source.assignments.append("lexicon.longestEntry = \(longestEntry)")
    return source
  }

  /// The whole of `LexiconTables.swift`: this lexicon's tables and the question words'.
  static func tablesFile() throws(FileError) -> String {
    SourceTables.file([try readingEmbeddedFiles().tables(), try QueryLexicon.readingEmbeddedFile().tables()])
  }
}

extension QueryLexicon {
  /// The question words as the source of `QueryLexicon.compiled()` and its tables.
  func tables() -> SourceTables {
    var source = SourceTables(type: "QueryLexicon", variable: "words", prefix: "query")
    source.map("roles", roles, type: "QueryRole") { ".\($0)" }
    source.array("lines", lines, type: "(role: QueryRole, words: [String])") {
      "(.\($0.role), [\($0.words.map(SourceTables.literal).joined(separator: ", "))])"
    }
    return source
  }
}

/// The pieces of `LexiconTables.swift` as they are written: an assignment per table in
/// `compiled()`, and the tables themselves, one element per line.
struct SourceTables {
  /// The type `compiled()` makes, the variable it fills, and the tables' name prefix.
  let type: String
  let variable: String
  let prefix: String
  var assignments: [String] = []
  var tables: [String] = []

  init(type: String, variable: String, prefix: String) {
    self.type = type
    self.variable = variable
    self.prefix = prefix
  }

  /// `name` with the prefix: `roles` of the question words is `queryRoles`.
  func table(_ name: String) -> String {
    prefix.isEmpty ? name : prefix + name.prefix(1).uppercased() + name.dropFirst()
  }

  mutating func set(_ name: String, _ set: WordSet) {
    tables.append(Self.table(table(name), type: "String", set.sorted.map(Self.literal)))
    assignments.append("\(variable).\(name) = WordSet(sorted: LexiconTables.\(table(name)))")
  }

  mutating func map<Value>(_ name: String, _ map: WordMap<Value>, type: String, value: (Value) -> String) {
    let keys = table(name) + "Keys"
    let values = table(name) + "Values"
    tables.append(Self.table(keys, type: "String", map.keys.map(Self.literal)))
    tables.append(Self.table(values, type: type, map.values.map(value)))
    assignments.append(
      "\(variable).\(name) = WordMap(sortedKeys: LexiconTables.\(keys), values: LexiconTables.\(values))")
  }

  mutating func array<Element>(_ name: String, _ array: [Element], type: String, value: (Element) -> String) {
    tables.append(Self.table(table(name), type: type, array.map(value)))
    assignments.append("\(variable).\(name) = LexiconTables.\(table(name))")
  }

  static func table(_ name: String, type: String, _ elements: [String]) -> String {
    guard !elements.isEmpty else { return "  static let \(name): [\(type)] = []" }
    return (["  static let \(name): [\(type)] = ["] + elements.map { "    \($0)," } + ["  ]"]).joined(separator: "\n")
  }

  static func currency(_ currency: Currency) -> String {
    "Currency(code: \(literal(currency.code)), symbol: \(literal(currency.symbol)), exponent: \(currency.exponent), "
      + "grouping: .\(currency.grouping), name: \(literal(currency.name)))"
  }

  /// A Swift string literal of `text`: quotes, backslashes and anything not printable ASCII escaped.
  static func literal(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case " "..."~": result.unicodeScalars.append(scalar)
      default: result += "\\u{\(String(scalar.value, radix: 16))}"
      }
    }
    return result + "\""
  }

  /// The source of `compiled()`, which puts the tables together.
  var compiled: String {
    """
    extension \(type) {
      /// The standard \(type == "Lexicon" ? "lexicon" : "question words"), put together from the sorted tables below: no text read, no word hashed.
      static func compiled() -> \(type) {
        var \(variable) = \(type)()
    \(assignments.map { "    " + $0 }.joined(separator: "\n"))
        return \(variable)
      }
    }
    """
  }

  /// The file, from the pieces of each type.
  static func file(_ parts: [SourceTables]) -> String {
    """
    // Generated by `make grammar` from grammar/lexicon/ (spendly-bench/SourceTables.swift). Do not edit.

    import SpendlyCore

    \(parts.map(\.compiled).joined(separator: "\n\n"))

    /// The standard lexicon's words and meanings, each table sorted by word.
    enum LexiconTables {
    \(parts.flatMap(\.tables).joined(separator: "\n"))
    }

    """
  }
}
