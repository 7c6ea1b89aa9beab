import SpendlyApp
import SpendlyCore
import SpendlyStore

extension DatabaseFile.Refusal {
  /// A refused FILE as the person's one line: `kind` is the command's exit (73 to write, 66 to read).
  func cli(_ path: String, command: String, kind: CLIError.Kind) -> CLIError {
    switch self {
    case .protected(let reason): return CLIError(kind, "\(command): \(Render.safe(path)) \(reason.reason)")
    case .isADirectory: return CLIError(kind, "\(Render.safe(path)): is a directory")
    }
  }
}

extension BackingUp.Refusal {
  /// A refused backup as the person's one line, and its exit code.
  func cli(_ path: String, database: String) -> CLIError {
    switch self {
    case .file(let refusal): return refusal.cli(path, command: "backup", kind: .cannotCreate)
    case .exists: return CLIError(.cannotCreate, "\(Render.safe(path)): exists; --force replaces it")
    case .cannotWrite(let reason):
      return CLIError(.cannotCreate, "\(Render.safe(path)): cannot write the backup (\(Render.safe(reason)))")
    case .damaged(let detail):
      return .data(
        "the database is damaged (\(StoreError.damage(detail))): no backup was written; check it with sqlite3 '\(Render.safe(database))' 'PRAGMA integrity_check'"
      )
    case .store(let error): return error.cli
    }
  }
}

extension Restoring.Refusal {
  /// A refused restore as the person's one line, and its exit code.
  func cli(_ path: String) -> CLIError {
    switch self {
    case .file(let refusal): return refusal.cli(path, command: "restore", kind: .noInput)
    case .permissionDenied: return CLIError(.noInput, "\(Render.safe(path)): cannot read the file (permission denied)")
    case .missing: return CLIError(.noInput, "\(Render.safe(path)): no such file")
    case .damaged(let detail):
      return .data(
        "\(Render.safe(path)): damaged (\(StoreError.damage(detail))): nothing was restored; the database is as it was")
    case .notADatabase(let reason, let opened):
      let after = opened ? "; the database is as it was" : ""
      return .data("\(Render.safe(path)): \(Render.safe(reason)): nothing was restored\(after)")
    case .newer(let version):
      return .data(
        "\(Render.safe(path)): made by a newer Spendly (schema \(version)): nothing was restored; update Spendly")
    case .store(let error): return error.cli
    }
  }
}
