import SpendlyCore
import SpendlyStore

/// `spendly categories [add|rename|alias]`
struct CategoriesCommand: Command {
  static let name = "categories"
  static let aliases = ["category"]
  static let summary = "list, add, rename or alias categories"
  static let help = """
    usage: spendly categories
           spendly categories add NAME [--income] [--alias A,B]
           spendly categories rename OLD NEW
           spendly categories alias NAME ALIAS

    examples:
      spendly categories add Pets --alias vet,petfood
      spendly categories add Dividends --income
      spendly categories rename Bills Utilities
    """
  static let specs: [Arguments.Spec] = [.init("income", value: false), .init("alias")]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) {
    let store = try context.store()
    let words = arguments.positional
    do {
      switch words.first?.lowercased() {
      case nil, "list":
        let catalog = try store.catalog()
        if context.json {
          context.output.line(
            JSON.array(
              catalog.categories.map {
                .object([
                  ("name", .string($0.name)), ("side", .string($0.side.rawValue)),
                  ("aliases", .array($0.aliases.map { .string($0) })), ("builtin", .bool($0.builtin)),
                ])
              }
            ).rendered())
          return
        }
        var table = Table(headers: ["Category", "Side", "Aliases"], alignments: [.left, .left, .left])
        for category in catalog.categories {
          table.add([Render.safe(category.name), category.side.rawValue, category.aliases.joined(separator: ", ")])
        }
        for line in table.render(header: { context.output.style($0, .bold) }) { context.output.line(line) }
      case "add":
        try arguments.expectPositional(2, 2, command: "categories add", what: "a name")
        let aliases = splitList(arguments["alias"])
        try store.addCategory(words[1], side: arguments.has("income") ? .income : .expense, aliases: aliases)
        context.output.line("added \(arguments.has("income") ? "income" : "expense") category \(Render.safe(words[1]))")
      case "rename":
        try arguments.expectPositional(3, 3, command: "categories rename", what: "the old and the new name")
        try store.rename("category", from: words[1], to: words[2])
        context.output.line("renamed category \(Render.safe(words[1])) to \(Render.safe(words[2]))")
      case "alias":
        try arguments.expectPositional(3, 3, command: "categories alias", what: "a category and an alias")
        try store.addAlias(words[2], to: words[1], what: "category")
        context.output.line("'\(Render.safe(words[2]))' now means category \(Render.safe(words[1]))")
      default:
        throw CLIError.usage("categories: unknown action '\(words[0])' (list, add, rename, alias)")
      }
    } catch let error as StoreError {
      throw error.cli
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError(.software, "\(error)")
    }
  }
}

/// `spendly methods [add|rename|alias]`
struct MethodsCommand: Command {
  static let name = "methods"
  static let aliases = ["method"]
  static let summary = "list, add, rename or alias payment methods"
  static let help = """
    usage: spendly methods
           spendly methods add NAME [--alias A,B]
           spendly methods rename OLD NEW
           spendly methods alias NAME ALIAS

    examples:
      spendly methods add "HDFC Card" --alias hdfc
      spendly methods alias UPI bhim
    """
  static let specs: [Arguments.Spec] = [.init("alias")]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) {
    let store = try context.store()
    let words = arguments.positional
    do {
      switch words.first?.lowercased() {
      case nil, "list":
        let catalog = try store.catalog()
        if context.json {
          context.output.line(
            JSON.array(
              catalog.methods.map {
                .object([
                  ("name", .string($0.name)), ("aliases", .array($0.aliases.map { .string($0) })),
                  ("builtin", .bool($0.builtin)),
                ])
              }
            ).rendered())
          return
        }
        var table = Table(headers: ["Method", "Aliases"], alignments: [.left, .left])
        for method in catalog.methods { table.add([Render.safe(method.name), method.aliases.joined(separator: ", ")]) }
        for line in table.render(header: { context.output.style($0, .bold) }) { context.output.line(line) }
      case "add":
        try arguments.expectPositional(2, 2, command: "methods add", what: "a name")
        try store.addMethod(words[1], aliases: splitList(arguments["alias"]))
        context.output.line("added payment method \(Render.safe(words[1]))")
      case "rename":
        try arguments.expectPositional(3, 3, command: "methods rename", what: "the old and the new name")
        try store.rename("method", from: words[1], to: words[2])
        context.output.line("renamed payment method \(Render.safe(words[1])) to \(Render.safe(words[2]))")
      case "alias":
        try arguments.expectPositional(3, 3, command: "methods alias", what: "a method and an alias")
        try store.addAlias(words[2], to: words[1], what: "method")
        context.output.line("'\(Render.safe(words[2]))' now means payment method \(Render.safe(words[1]))")
      default:
        throw CLIError.usage("methods: unknown action '\(words[0])' (list, add, rename, alias)")
      }
    } catch let error as StoreError {
      throw error.cli
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError(.software, "\(error)")
    }
  }
}

func splitList(_ text: String?) -> [String] {
  (text ?? "").split(separator: ",").map { String($0).trimmingCharacters() }.filter { !$0.isEmpty }
}

extension String {
  func trimmingCharacters() -> String {
    var s = Substring(self)
    while s.first?.isWhitespace == true { s.removeFirst() }
    while s.last?.isWhitespace == true { s.removeLast() }
    return String(s)
  }
}

/// `spendly config [KEY [VALUE]]`
struct ConfigCommand: Command {
  static let name = "config"
  static let summary = "show or change settings (currency, method, card)"
  static let help = """
    usage: spendly config                 show every setting
           spendly config currency USD    default currency for new entries
           spendly config method UPI      default payment method when none is given
           spendly config card "Debit Card"   what the word 'card' means
           spendly config week sunday     the first day of a week (monday or sunday)
    """
  static let specs: [Arguments.Spec] = []

  static let keys: [(word: String, key: String)] = [
    ("currency", "default_currency"), ("method", "default_method"), ("card", "default_card"),
    ("week", "week_start"),
  ]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) {
    try arguments.expectPositional(0, 2, command: name, what: "")
    let store = try context.store()
    let words = arguments.positional
    do {
      if words.isEmpty {
        var pairs: [(String, JSON)] = []
        for (word, key) in keys { pairs.append((word, .optional(try store.setting(key)))) }
        if context.json {
          context.output.line(JSON.object(pairs).rendered())
        } else {
          for (word, value) in pairs {
            if case .string(let text) = value { context.output.line("\(word)  \(Render.safe(text))") }
          }
        }
        return
      }
      guard let entry = keys.first(where: { $0.word == words[0].lowercased() }) else {
        throw CLIError.usage("config: unknown setting '\(words[0])' (currency, method, card, week)")
      }
      guard words.count == 2 else {
        context.output.line(Render.safe(try store.setting(entry.key) ?? ""))
        return
      }
      let value: String
      switch entry.word {
      case "currency":
        guard let currency = Currency.named(words[1]) else {
          throw CLIError.data("currency: \(MoneyError.unknownCurrency(words[1]))")
        }
        value = currency.code
      case "week":
        guard ["monday", "sunday"].contains(words[1].lowercased()) else {
          throw CLIError.data("week '\(words[1])': expected monday or sunday")
        }
        value = words[1].lowercased()
      default:
        guard let method = try store.catalog().method(named: words[1]) else {
          throw CLIError.data("method '\(words[1])': unknown payment method (see: spendly methods)")
        }
        value = method.name
      }
      try store.setSetting(entry.key, value)
      context.output.line("\(entry.word) set to \(value)")
    } catch let error as StoreError {
      throw error.cli
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError(.software, "\(error)")
    }
  }
}
