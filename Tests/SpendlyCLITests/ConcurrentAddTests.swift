import Foundation
import SpendlyTestSupport
import Testing

/// The brief's loop, smaller: four `add`s at once on a fresh file, round after round. Each must save
/// (a first open waits for another's lock; a check of the file never mistakes a busy one for damage).
/// What a failed process printed is in the failure, so a rare refusal under load can be read.
@Suite("spendly add: several processes on a fresh database")
struct ConcurrentAddTests {
  @Test func fourWritersOnAFreshFileAllSave() throws {
    let sandbox = try Sandbox()
    for round in 0..<15 {
      let path = sandbox.directory + "/round-\(round).db"
      let errors = (0..<4).map { sandbox.directory + "/round-\(round)-\($0).err" }
      let processes = (0..<4).map { index in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: spendlyBinary)
        process.arguments = ["--db", path, "add", "--yes", "10", "upi", "food"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.directory, "NO_COLOR": "1"]
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        _ = FileManager.default.createFile(atPath: errors[index], contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errors[index])
        return process
      }
      for process in processes { try process.run() }
      for process in processes { process.waitUntilExit() }
      let said = errors.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }.filter { !$0.isEmpty }
      #expect(processes.map(\.terminationStatus) == [0, 0, 0, 0], "round \(round): \(said)")
      let listed = try sandbox.run(["--db", path, "list", "--limit", "0"], globals: false)
      #expect(listed.stdout.split(separator: "\n").count == 5, "round \(round): \(listed.stdout) \(listed.stderr)")
    }
  }
}
