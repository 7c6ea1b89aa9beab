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
      // To standard error: standard output is the file being written.
      let message = "spendly-bench: \(error)\n"
      _ = message.withCString { write(2, $0, strlen($0)) }
      exit(65)
    }
  }
}
