import Foundation
import SpendlyTestSupport
import Testing

/// Two imports of the same statement for a new account, at the same moment: one creates the
/// account and imports; the other finds what the first did and says "imported before".
@Suite("concurrent imports")
struct ConcurrentImportTests {
  @Test func theSecondOfTwoImportsAtOnceFindsTheFirstsAccount() throws {
    let file = ImportCommandTests.folder + "/hdfc-savings-nov.ofx"
    for _ in 0..<5 {
      let sandbox = try Sandbox()
      try sandbox.addLunch()
      let arguments = ["--db", sandbox.database, "--now", "2026-11-29T13:05", "import", "--yes", file]
      let processes = (0..<2).map { _ in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: spendlyBinary)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        return (process, out, err)
      }
      for (process, _, _) in processes { try process.run() }
      var outputs: [String] = []
      for (process, out, err) in processes {
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let error = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(error)")
        outputs.append(text)
      }
      #expect(outputs.filter { $0.contains("6 added") }.count == 1, "\(outputs)")
      #expect(outputs.filter { $0.contains("imported before") }.count == 1, "\(outputs)")
      let accounts = try sandbox.ok("--json", "accounts")
      #expect(accounts.components(separatedBy: "\"name\"").count - 1 == 1, "\(accounts)")
    }
  }
}
