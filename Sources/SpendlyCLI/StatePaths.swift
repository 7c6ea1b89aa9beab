import SpendlyCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files Spendly keeps about a database outside it, in `$XDG_STATE_HOME/spendly` (else
/// `~/.local/state/spendly`, made 0700): the shell's history and the integrity memo. Each is
/// per database: `NAME` for the default database, `NAME-HASH` for any other, so what belongs to
/// one database never shows on another.
enum StatePaths {
  /// The line history of the shell (the folder is made now).
  static func history(for databasePath: String) -> String? { file("history", for: databasePath, create: true) }

  /// Where the file is remembered as intact (see `IntegrityMemo`, which makes the folder when
  /// it first writes, so a read of a missing database creates nothing).
  static func integrityMemo(for databasePath: String) -> String? {
    file("verified", for: databasePath, create: false)
  }

  /// The monthly budget of the last debt plan ("4000000 INR"), for "when will i be debt free":
  /// remembered here, not in the database, so showing a plan changes nothing undo walks.
  static func debtBudget(for databasePath: String, create: Bool) -> String? {
    file("debt-budget", for: databasePath, create: create)
  }

  static func file(_ name: String, for databasePath: String, create: Bool) -> String? {
    guard let directory = directory(create: create) else { return nil }
    let database = canonical(databasePath)
    if database == canonical(Context.defaultDatabasePath()) { return directory + "/" + name }
    // FNV-1a over the resolved path: a stable name, no secret.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in database.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return directory + "/" + name + "-" + String(hash, radix: 16)
  }

  /// The state folder (created when missing, with `create`); nil without a home.
  static func directory(create: Bool) -> String? {
    let base: String
    if let state = System.environment("XDG_STATE_HOME") {
      base = state
    } else if let home = System.environment("HOME") {
      base = home + "/.local/state"
    } else {
      return nil
    }
    guard create else { return base + "/spendly" }
    var built = ""
    for part in (base + "/spendly").split(separator: "/") {
      built += "/" + part
      var info = stat()
      if stat(built, &info) != 0 && mkdir(built, 0o700) != 0 { return nil }
    }
    return built
  }

  /// The path with links and dots resolved (its folder's, for a file not made yet).
  static func canonical(_ path: String) -> String {
    if let resolved = realpath(path, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    guard let slash = path.lastIndex(of: "/") else { return canonical(".") + "/" + path }
    let folder = slash == path.startIndex ? "/" : String(path[..<slash])
    guard let resolved = realpath(folder, nil) else { return path }
    defer { free(resolved) }
    let base = String(cString: resolved)
    return (base == "/" ? "" : base) + String(path[slash...])
  }
}
