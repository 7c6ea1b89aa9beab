import Foundation
import SpendlyTestSupport
import Testing

/// The brief's loop, smaller: four `add`s at once on a fresh file, round after round. Each must save
/// (a first open waits for another's lock; a check of the file never mistakes a busy one for damage).
@Suite("spendly add: several processes on a fresh database")
struct ConcurrentAddTests {
  @Test func fourWritersOnAFreshFileAllSave() throws {
    let sandbox = try Sandbox()
    for round in 0..<15 {
      let path = sandbox.directory + "/round-\(round).db"
      let processes = (0..<4).map { _ in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: spendlyBinary)
        process.arguments = ["--db", path, "add", "--yes", "10", "upi", "food"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.directory, "NO_COLOR": "1"]
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        return process
      }
      for process in processes { try process.run() }
      for process in processes { process.waitUntilExit() }
      #expect(processes.map(\.terminationStatus) == [0, 0, 0, 0], "round \(round)")
      let listed = try sandbox.run(["--db", path, "list", "--limit", "0"], globals: false)
      #expect(listed.stdout.split(separator: "\n").count == 5, "round \(round): \(listed.stdout) \(listed.stderr)")
    }
  }
}
