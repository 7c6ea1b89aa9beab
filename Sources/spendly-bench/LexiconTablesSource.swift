import SpendlyParse

#if canImport(Glibc)
  import Glibc
#endif

/// `spendly-bench lexicon-tables`: the standard lexicon read from the embedded files, printed as
/// the Swift source of `Sources/SpendlyParse/LexiconTables.swift` (`make grammar` writes it).
enum LexiconTablesSource {
  static func run() {
    do {
      print(try Lexicon.tablesFile(), terminator: "")
    } catch {
      print("spendly-bench: \(error)")
      exit(65)
    }
  }
}
