import Foundation
import SpendlyCore
import SpendlyStore

/// What completes the last word of a command line: reads the words before it as the CLI would
/// (global options, a command, its options and their values), then offers what may come next.
struct LineCompletion {
  let earlier: [String]
  let partial: String
  private(set) var databasePath: String
  private var opened: Store??

  static let globalValueOptions = ["db", "now"]
  static let globalFlags = ["--json", "--yes", "-y", "--no-color", "--help", "-h", "--version"]

  /// `store`: one already open on `databasePath` (the shell's), so a Tab opens nothing.
  init(_ words: [String], databasePath: String, store: Store? = nil) {
    earlier = Array(words.dropLast())
    partial = words.last ?? ""
    self.databasePath = databasePath
    if let store { opened = .some(store) }
  }

  /// The store, read-only, opened on first need; nil when there is none (nothing is created).
  private mutating func store() -> Store? {
    if let opened { return opened }
    let store = try? Store(path: databasePath, access: .readOnly, clock: System.now)
    opened = .some(store)
    return store
  }

  /// The command named so far, the option waiting for its value, and the positional words.
  private mutating func read() -> (route: Route?, help: Bool, pending: String?, positional: [String])? {
    var found: Route?
    var help = false
    var pending: String?
    var positional: [String] = []
    var optionsEnded = false
    for word in earlier {
      if let option = pending {
        if option == "db" { databasePath = LineCompletion.expandingHome(word) }
        pending = nil
        continue
      }
      if !optionsEnded, word == "--" {
        optionsEnded = true
        continue
      }
      if !optionsEnded, word.count > 1, word.hasPrefix("-"), !Arguments.looksNumeric(word) {
        let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let inline = parts.count > 1 ? String(parts[1]) : nil
        if let global = LineCompletion.globalValueOptions.first(where: { "--" + $0 == name }) {
          if let inline {
            if global == "db" { databasePath = LineCompletion.expandingHome(inline) }
          } else {
            pending = global
          }
        } else if let spec = found.flatMap({ LineCompletion.spec(name, of: $0.command) }), spec.takesValue,
          inline == nil
        {
          pending = spec.name
        }
        continue
      }
      if found == nil, !help {
        if word.lowercased() == "help" {
          help = true
        } else if let named = route(named: word) {
          found = named
        } else {
          return nil  // an unknown command: nothing sensible to offer
        }
        continue
      }
      positional.append(word)
    }
    return (found, help, pending, positional)
  }

  /// Whether the partial word is an option, or the value of the option before it: what the
  /// shell's own Tab hands over here, so it offers what bash offers for the same words.
  mutating func completesAnOption() -> Bool {
    guard let (found, _, pending, _) = read(), found != nil else { return false }
    return pending != nil || partial.hasPrefix("-")
  }

  /// The candidates for `partial`, in order, without duplicates.
  mutating func candidates() -> [String] {
    guard let (found, help, pending, positional) = read() else { return [] }
    if let pending { return values(pending, found, partial) }
    if partial.hasPrefix("--"), let equals = partial.firstIndex(of: "=") {
      let option = String(partial[..<equals])
      let typed = String(partial[partial.index(after: equals)...])
      let name = String(option.dropFirst(2))
      var known = LineCompletion.globalValueOptions.contains(name)
      if let command = found?.command, let spec = LineCompletion.spec(option, of: command) {
        known = known || spec.takesValue
      }
      guard known else { return [] }
      return values(name, found, typed).map { option + "=" + $0 }
    }
    if partial.hasPrefix("-") {
      var options = ["--db", "--now", "--json", "--yes", "--no-color", "--help"]
      if let command = found?.command {
        let specs: [Arguments.Spec] = command.specs
        options = specs.map { "--" + $0.name } + options
      }
      return LineCompletion.prefixed(partial, options)
    }
    guard let found else {
      if help, !positional.isEmpty { return [] }
      let names = commands.map { $0.name } + (help ? [] : ["help", "version"])
      return LineCompletion.prefixed(partial, names)
    }
    guard positional.isEmpty else { return [] }
    return LineCompletion.prefixed(partial, found.command.firstWords ?? found.actions)
  }

  /// The values of option `name` (without dashes) of `route`'s command that match `typed`.
  private mutating func values(_ name: String, _ route: Route?, _ typed: String) -> [String] {
    let command = route?.command
    switch name {
    case "category":
      return ShellCompletion.match(typed, in: catalog()?.categories.map(\.name) ?? [])
    case "method":
      return ShellCompletion.match(typed, in: catalog()?.methods.map(\.name) ?? [])
    case "account":
      return ShellCompletion.match(typed, in: catalog()?.accounts.map(\.name) ?? [])
    case "to" where command?.specs.contains(where: { $0.name == "from" }) == false:
      // A transfer's other end; where --from is there too, --to is a date.
      return ShellCompletion.match(typed, in: catalog()?.accounts.map(\.name) ?? [])
    case "merchant":
      return store()?.merchants.names(startingWith: typed) ?? []
    case "kind":
      let kinds = command?.values(ofOption: "kind") ?? Kind.allCases.map(\.rawValue)
      return LineCompletion.prefixed(typed, kinds)
    case "status":
      return LineCompletion.prefixed(typed, TransactionStatus.allCases.map(\.rawValue))
    case "currency":
      return LineCompletion.prefixed(typed, Currency.all.map(\.code))
    case "html", "db":
      return LineCompletion.files(typed)
    default:
      return []
    }
  }

  private mutating func catalog() -> Catalog? { try? store()?.catalog.current() }

  /// The spec `word` (`--name` or `-x`) names among `command`'s options.
  static func spec(_ word: String, of command: any Command.Type) -> Arguments.Spec? {
    if word.hasPrefix("--") { return command.specs.first { "--" + $0.name == word } }
    guard word.count == 2, let short = word.last else { return nil }
    return command.specs.first { $0.short == short }
  }

  /// The words of `pool` starting with `typed`, ignoring case, each once.
  static func prefixed(_ typed: String, _ pool: [String]) -> [String] {
    let typed = NameKey(typed)
    var seen = Set<String>()
    return pool.filter { NameKey($0).hasPrefix(typed) && seen.insert($0).inserted }
  }

  /// The files and folders (with a slash) whose path starts with `typed`, as a shell offers them.
  static func files(_ typed: String) -> [String] {
    let expanded = expandingHome(typed)
    let slash = expanded.lastIndex(of: "/")
    let folder = slash.map { String(expanded[...$0]) } ?? ""
    let typedFolder = typed.lastIndex(of: "/").map { String(typed[...$0]) } ?? ""
    let start = slash.map { String(expanded[expanded.index(after: $0)...]) } ?? expanded
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else {
      return []
    }
    return entries.filter { $0.hasPrefix(start) && (start.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { name in
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: folder + name, isDirectory: &isFolder)
      return typedFolder + name + (isFolder.boolValue ? "/" : "")
    }
  }

  /// `~/x` as the shell would expand it (the line's words reach us unexpanded).
  static func expandingHome(_ path: String) -> String {
    guard path.hasPrefix("~/"), let home = System.environment("HOME") else { return path }
    return home + path.dropFirst()
  }
}
