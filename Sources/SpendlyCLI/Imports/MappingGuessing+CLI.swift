import SpendlyApp

extension MappingGuessing.Refusal {
  /// The one line a refused `import --guess` prints, and its exit code.
  var cli: CLIError {
    switch self {
    case .cannotRead(let path): CLIError(.noInput, "\(Render.safe(path)): cannot read the file")
    case .notBankCSV(let file, let format):
      .data(
        "import --guess: \(Render.safe(file)) is \(format.rawValue), not a bank CSV: import it as it is (no mapping)")
    case .empty(let file): .data("import --guess: \(Render.safe(file)) is empty")
    case .notCSV(let file): .data("import --guess: \(Render.safe(file)) is not a CSV")
    }
  }
}
