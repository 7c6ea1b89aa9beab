import SpendlyApp

/// Where a written report's bytes go (an `ExportFile`: stdout, or a file moved into place once
/// complete), its failures as the person's one line.
final class ExportDestination {
  let file: ExportFile

  /// Opens `path` (nil or `-` for stdout, after what the output holds).
  init(_ path: String?, output: Output, what _: String) throws(CLIError) {
    if path == nil || path == "-" { output.flush() }
    do {
      file = try ExportFile(path)
    } catch {
      throw error.cli
    }
  }

  func write(_ bytes: [UInt8]) throws(CLIError) {
    do {
      try file.write(bytes)
    } catch {
      throw error.cli
    }
  }

  func finish() throws(CLIError) {
    do {
      try file.finish()
    } catch {
      throw error.cli
    }
  }

  func abandon() { file.abandon() }
}
