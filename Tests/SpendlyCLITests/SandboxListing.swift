import Foundation
import SpendlyTestSupport
import Testing

extension Sandbox {
  /// A sandbox with three expenses: #1 UPI Food at Joe's, #2 Cash Food (chai), #3 Credit Card
  /// Shopping at Zara.
  static func threeExpenses() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "420", "upi", "food", "lunch", "at", "Joe's")
    try sandbox.ok("add", "--yes", "180", "chai", "cash")
    try sandbox.ok("add", "--yes", "900", "cc", "shopping", "at", "Zara")
    return sandbox
  }

  /// `ok` with the arguments as an array.
  @discardableResult
  func ok(_ arguments: [String]) throws -> String {
    let result = try run(arguments)
    #expect(result.status == 0, "spendly \(arguments): \(result.stderr)")
    #expect(result.stderr.isEmpty)
    return result.stdout
  }

  /// The ids `spendly --json list ARGUMENTS...` lists, newest first.
  func ids(_ arguments: String...) throws -> [Int] { try ids(arguments) }

  func ids(_ arguments: [String]) throws -> [Int] {
    try #require(try json(try ok(["--json", "list"] + arguments)) as? [[String: Any]]).compactMap { $0["id"] as? Int }
  }
}
