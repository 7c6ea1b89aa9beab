import Foundation
import SpendlyCore
import SpendlyStore

/// What completes the last word of a command line: reads the words before it as the CLI would
/// (global options, a command, its options and their values), then offers what may come next.
struct LineCompletion {
  let earlier: [String]
  let partial: String
  private(set) var databasePath: String
  /// The side of the kind the line's `--kind` names (read with the words), nil without one.
  private(set) var side: Category.Side?
  private var opened: Store??

  static let globalValueOptions = GlobalOptions.options.filter(\.takesValue).map(\.name)

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
        noteValue(option, word)
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
        } else if let spec = found.flatMap({ $0.command.specs.named(name) }), spec.takesValue {
          if let inline { noteValue(spec.name, inline) } else { pending = spec.name }
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

  /// Keeps what an option's value tells the candidates after it: `--kind income` the side.
  private mutating func noteValue(_ option: String, _ value: String) {
    if option == "kind", let kind = Kind(rawValue: value.lowercased()) { side = kind.side }
  }

  /// Whether the shell's Tab hands the partial word here: an option or its value, or a word
  /// the command declares (`config method U`, `budget set fo`, `report last m`, `debts a`).
  /// A phrase's or a question's words (after `add`, `query`) the shell offers itself, currencies too.
  mutating func completesADeclaredWord() -> Bool {
    guard let (found, _, pending, positional) = read(), let found else { return false }
    if pending != nil || partial.hasPrefix("-") { return true }
    if positional.isEmpty, !(found.command.firstWords ?? found.actions).isEmpty { return true }
    guard let values = found.command.argumentValues else { return false }
    return values != .each(.phraseWord) && values != .each(.questionWord)
  }

  /// The candidates for `partial`, in order, without duplicates.
  mutating func candidates() -> [String] {
    guard let (found, help, pending, positional) = read() else { return [] }
    // The options of the action named (`debts add`), else of the command, then the global ones.
    let options = (found.map { $0.command.action(positional)?.options ?? $0.command.specs } ?? [])
      + GlobalOptions.options
    if let pending { return values(options.named("--" + pending), partial) }
    if partial.hasPrefix("--"), let equals = partial.firstIndex(of: "=") {
      let option = String(partial[..<equals])
      let typed = String(partial[partial.index(after: equals)...])
      return values(options.named(option), typed).map { option + "=" + $0 }
    }
    if partial.hasPrefix("-") {
      let shown = options.filter { $0.name != "version" }.map { "--" + $0.name }
      return LineCompletion.prefixed(partial, shown)
    }
    guard let found else {
      if help, !positional.isEmpty { return [] }
      let names = commands.map { $0.name } + (help ? [] : ["help", "version"])
      return LineCompletion.prefixed(partial, names)
    }
    // The first word: the command's first words or actions, when it declares any.
    let first = found.command.firstWords ?? found.actions
    if positional.isEmpty, !first.isEmpty { return LineCompletion.prefixed(partial, first) }
    return found.command.argumentValues?.candidates(positional[...], partial, &self) ?? []
  }

  /// The values of `option` that match `typed`: what its value type offers.
  private mutating func values(_ option: Option?, _ typed: String) -> [String] {
    option?.value?.candidates(typed, &self) ?? []
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

/// The names Tab offers come from the line's database, opened read-only on first need.
extension LineCompletion: CandidateSource {
  private mutating func catalog() -> Catalog? { try? store()?.catalog.current() }
  mutating func categories(on side: Category.Side?) -> [String] {
    guard let catalog = catalog() else { return [] }
    return (side.map { catalog.categories(on: $0) } ?? catalog.categories).map(\.name)
  }
  mutating func methods() -> [String] { catalog()?.methods.map(\.name) ?? [] }
  mutating func accounts() -> [String] { catalog()?.accounts.map(\.name) ?? [] }
  mutating func merchants(startingWith typed: String) -> [String] {
    store()?.merchants.names(startingWith: typed) ?? []
  }
}
